import type { AnalyticsSummary } from '@stocksync/contract';
import { channelName } from '@/lib/channels';

const STATE_LABELS = {
  connected: 'Syncing',
  sync_off: 'Sync off',
  needs_reauth: 'Needs re-authorisation',
} as const;

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Not yet';

/** Connections by state, pushes waiting, and each connection's last full stock check. */
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
      {sync.connections.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Sync state of each connected account</caption>
            <thead>
              <tr className="border-b bg-muted/40 text-left">
                <th scope="col" className="p-2">
                  Account
                </th>
                <th scope="col" className="p-2">
                  State
                </th>
                <th scope="col" className="p-2 text-right">
                  Pushes waiting
                </th>
                <th scope="col" className="p-2 text-right">
                  Failed in the range
                </th>
                <th scope="col" className="p-2">
                  Last full stock check
                </th>
              </tr>
            </thead>
            <tbody>
              {sync.connections.map((c) => (
                <tr key={c.connectionId} className="border-b last:border-0">
                  <th scope="row" className="p-2 text-left font-normal">
                    {channelName(c.platform)} {c.alias}
                  </th>
                  <td className={`p-2 ${c.state === 'needs_reauth' ? 'text-destructive' : ''}`}>
                    {STATE_LABELS[c.state]}
                  </td>
                  <td className="p-2 text-right tabular-nums">{c.pushesPending}</td>
                  <td
                    className={`p-2 text-right tabular-nums ${c.pushesFailed > 0 ? 'text-destructive' : ''}`}
                  >
                    {c.pushesFailed}
                  </td>
                  <td className="p-2">{when(c.lastReconciledAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
