import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCan } from '@/lib/roles';
import { useSendSkus, useSkuWritebackPreview } from '../api/sku-writeback';
import { SkuListingsTable } from './sku-listings-table';

type SkuWritebackDialogProps = {
  orgId: string;
  variantIds: string[];
  open: boolean;
  onClose: () => void;
};

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
      {/* A whole catalogue's listings run long: they scroll, the buttons stay in view. */}
      <DialogContent className="flex max-h-[90vh] flex-col sm:max-w-3xl">
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
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SkuListingsTable listings={listings} />
          </div>
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
