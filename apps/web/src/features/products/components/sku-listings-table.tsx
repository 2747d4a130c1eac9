import type { SkuWritebackListing } from '@stocksync/contract';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const ACTION_TEXT: Record<SkuWritebackListing['action'], string> = {
  push: 'Will be sent',
  unchanged: 'Already there',
  refused: 'Not sent',
};

function lastResult(listing: SkuWritebackListing): string {
  const last = listing.last_push;
  if (!last) return '';
  const text = { queued: 'waiting', pushed: 'sent', refused: 'refused', failed: 'failed' };
  return `Last: ${last.sku} ${text[last.status]}${last.message ? ` (${last.message})` : ''}`;
}

/**
 * Which channel listing gets which SKU (issue 25): each listing with its account, the SKU the
 * channel holds, the new SKU (or that one will be generated), whether it is sent, the reason when
 * not (eBay: the SKU is the item's key) and its last result.
 */
export function SkuListingsTable({
  listings,
  label = 'SKUs per listing',
}: {
  listings: Array<SkuWritebackListing & { generated?: boolean }>;
  label?: string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Variant</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>On the channel</TableHead>
          <TableHead>New SKU</TableHead>
          <TableHead>What happens</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {listings.map((l) => (
          <TableRow key={l.listing_id}>
            <TableCell>
              {l.product_title} / {l.variant_title}
            </TableCell>
            <TableCell>
              {l.platform} · {l.account}
            </TableCell>
            <TableCell className="font-mono text-xs">{l.channel_sku ?? 'unknown'}</TableCell>
            <TableCell className="font-mono text-xs">
              {l.generated ? 'generated SKU' : (l.sku ?? 'none')}
            </TableCell>
            <TableCell className="grid gap-1 text-sm">
              <Badge variant={l.action === 'refused' ? 'warning' : 'info'}>
                {ACTION_TEXT[l.action]}
              </Badge>
              {l.reason ? <span className="text-muted-foreground">{l.reason}</span> : null}
              {l.last_push ? <span className="text-muted-foreground">{lastResult(l)}</span> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
