import type { SkuWritebackListing } from '@stocksync/contract';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCan } from '@/lib/roles';
import { useSendSkus, useSkuWritebackPreview } from '../api/sku-writeback';

type SkuWritebackDialogProps = {
  orgId: string;
  variantIds: string[];
  open: boolean;
  onClose: () => void;
};

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
 * Issue 25 item 1: which channel listing gets which SKU, then sending them. eBay listings whose
 * SKU differs say why they are not sent (the SKU is the eBay item's key).
 */
export function SkuWritebackDialog({ orgId, variantIds, open, onClose }: SkuWritebackDialogProps) {
  const preview = useSkuWritebackPreview(orgId, variantIds, open);
  const send = useSendSkus(orgId);
  const can = useCan('postV1SkuWriteback');
  const listings = preview.data?.listings ?? [];
  const toPush = listings.filter((l) => l.action === 'push').length;
  const confirm = async () => {
    try {
      const queued = await send.mutateAsync(variantIds);
      toast.success(`Sending ${queued.queued} SKUs to the channels`, {
        description: queued.refused ? `${queued.refused} listings not sent (see why)` : undefined,
      });
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Send SKUs to the channels</DialogTitle>
        <DialogDescription>
          {preview.isPending
            ? 'Reading the listings…'
            : listings.length === 0
              ? 'These variants are not listed on any channel.'
              : `${toPush} of ${listings.length} listings will get their SKU.`}
        </DialogDescription>
        {preview.isError ? <p role="alert">{preview.error.message}</p> : null}
        {listings.length > 0 ? (
          <Table aria-label="SKUs per listing">
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
                  <TableCell className="font-mono text-xs">{l.sku ?? 'none'}</TableCell>
                  <TableCell className="grid gap-1 text-sm">
                    <Badge variant={l.action === 'refused' ? 'warning' : 'info'}>
                      {ACTION_TEXT[l.action]}
                    </Badge>
                    {l.reason ? <span className="text-muted-foreground">{l.reason}</span> : null}
                    {l.last_push ? (
                      <span className="text-muted-foreground">{lastResult(l)}</span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={toPush === 0 || send.isPending || !can.allowed}
            title={can.allowed ? undefined : can.reason}
          >
            Send {toPush} {toPush === 1 ? 'SKU' : 'SKUs'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
