import type { AnalyticsSummary } from '@stocksync/contract';
import { channelName } from '@/lib/channels';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SaleLatency } from './sale-latency';

const STATE_LABELS = {
  connected: 'Syncing',
  sync_off: 'Sync off',
  needs_reauth: 'Needs re-authorisation',
} as const;

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Not yet';

/**
 * Connections by state, pushes waiting, the time from a sale to its last channel, and each
 * connection's last full stock check.
 */
export function SyncHealth({ sync }: { sync: AnalyticsSummary['sync'] }) {
  const totals = [
    { label: 'Syncing', value: sync.connected },
    { label: 'Sync off', value: sync.syncOff },
    { label: 'Need re-authorisation', value: sync.needsReauth },
    { label: 'Pushes waiting', value: sync.pushesPending },
    { label: 'Pushes failed in the range', value: sync.pushesFailed },
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {totals.map((t) => (
          <div key={t.label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{t.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{t.value}</dd>
          </div>
        ))}
      </dl>
      <SaleLatency latency={sync.saleToLastChannel} />
      {sync.connections.length > 0 ? (
        <Table>
          <TableCaption className="sr-only">Sync state of each connected account</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Account</TableHead>
              <TableHead scope="col">State</TableHead>
              <TableHead scope="col" className="text-right">
                Pushes waiting
              </TableHead>
              <TableHead scope="col" className="text-right">
                Failed in the range
              </TableHead>
              <TableHead scope="col">Last full stock check</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sync.connections.map((c) => (
              <TableRow key={c.connectionId}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {channelName(c.platform)} {c.alias}
                </th>
                <TableCell className={c.state === 'needs_reauth' ? 'text-destructive' : undefined}>
                  {STATE_LABELS[c.state]}
                </TableCell>
                <TableCell className="text-right tabular-nums">{c.pushesPending}</TableCell>
                <TableCell
                  className={`text-right tabular-nums ${c.pushesFailed > 0 ? 'text-destructive' : ''}`}
                >
                  {c.pushesFailed}
                </TableCell>
                <TableCell>{when(c.lastReconciledAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
