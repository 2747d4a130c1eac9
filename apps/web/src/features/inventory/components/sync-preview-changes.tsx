import { LoadError } from '@/components/layout/load-error';
import { useEffect } from 'react';
import { PlatformLogo } from '@/components/ui/platform-logo';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { GatedNotice, isGatedError } from '@/features/billing';
import { useSyncPreview } from '@/features/products';
import { channelName } from '@/lib/channels';

type SyncPreviewChangesProps = {
  orgId: string;
  orgName: string;
  /** Products whose sync turns on (the preview covers these). */
  turningOn: string[];
  /** Whether the preview has answered (confirming waits for it). */
  onReady: (ready: boolean) => void;
};

export function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Turning a product's sync on sets every channel listing to the master quantity: this shows the
 * seller what will change (POST /v1/products/sync-preview) before anything does.
 */
export function SyncPreviewChanges({
  orgId,
  orgName,
  turningOn,
  onReady,
}: SyncPreviewChangesProps) {
  const preview = useSyncPreview(orgId, turningOn, true);
  const data = preview.data;
  const ready = Boolean(data);
  useEffect(() => onReady(ready), [ready, onReady]);

  let body;
  if (preview.isPending) {
    body = (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Loading the changes" /> Reading channel quantities…
      </div>
    );
  } else if (preview.isError) {
    body = isGatedError(preview.error) ? (
      <GatedNotice message={preview.error.message} orgName={orgName} />
    ) : (
      <LoadError
        inline
        subject="The preview of the changes"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  } else if (data && data.total_changes === 0) {
    body = (
      <p className="text-sm">
        No channel quantity changes:{' '}
        {data.unchanged === 0
          ? 'these products have no listings on connected accounts with sync on.'
          : `${plural(data.unchanged, 'listing already matches', 'listings already match')} the master quantity.`}
      </p>
    );
  } else if (data) {
    const hidden = data.total_changes - data.changes.length;
    body = (
      <div className="grid gap-2">
        <p className="text-sm" aria-live="polite">
          {plural(data.total_changes, 'listing', 'listings')} will change;{' '}
          {plural(data.unchanged, 'listing is', 'listings are')} already equal to the master
          quantity.
        </p>
        <div className="max-h-80 overflow-y-auto">
          <Table aria-label="Quantity changes">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Product</TableHead>
                <TableHead>Variant</TableHead>
                <TableHead>SKU</TableHead>
                <TableHead>Account</TableHead>
                <TableHead className="text-right">Channel → Master</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.changes.map((change) => (
                <TableRow key={`${change.variant_id}-${change.pc_id}`}>
                  <TableCell className="font-medium">{change.product_title}</TableCell>
                  <TableCell>{change.variant_title}</TableCell>
                  <TableCell className="font-mono text-xs">
                    {change.sku || <span className="font-sans text-muted-foreground">No SKU</span>}
                  </TableCell>
                  <TableCell>
                    <span className="flex items-center gap-2" title={channelName(change.platform)}>
                      <PlatformLogo
                        platform={change.platform}
                        className={change.platform === 'ebay' ? 'h-4 w-9' : 'size-4'}
                      />
                      {change.alias}
                    </span>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {change.channel_qty ?? (
                      <span className="text-muted-foreground" title="Not known yet">
                        ?
                      </span>
                    )}{' '}
                    → {change.master_qty}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {hidden > 0 ? (
          <p className="text-xs text-muted-foreground">
            And {plural(hidden, 'more listing', 'more listings')} not shown.
          </p>
        ) : null}
      </div>
    );
  }

  return body ?? null;
}
