import type {
  SkuConflictFixesApplied,
  SkuConflictFixesBody,
  SkuConflictFixPlan,
} from '@stocksync/contract';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/roles';
import { useApplyFixes, useFixesPreview } from '../api/sku-conflicts';
import { FIX_LABELS, KIND_LABELS } from '../sku-conflicts-search';
import { FixListings } from './fix-listings';
import { FixResults } from './fix-results';

type FixPreviewDialogProps = {
  orgId: string;
  /** The fixes to preview; null while closed. */
  body: SkuConflictFixesBody | null;
  /** The answer of the apply, once made (shown instead of the preview). */
  applied: SkuConflictFixesApplied | null;
  onApplied: (result: SkuConflictFixesApplied) => void;
  onClose: () => void;
};

const variantText = (v: { product_title: string; title: string }) =>
  `${v.product_title} / ${v.title}`;

/** What one conflict's fix changes here: SKUs set or generated, listings linked or unlinked. */
function changesOf(item: SkuConflictFixPlan): string[] {
  const skus = item.sku_changes.map(
    (c) => `${variantText(c.variant)}: ${c.from || 'no SKU'} → ${c.to ?? 'a generated SKU'}`,
  );
  const links = item.link_changes.map((l) =>
    l.to
      ? `${l.platform} ${l.account} listing ${l.channel_sku}: linked to ${variantText(l.to)} (was ${variantText(l.from)})`
      : `${l.platform} ${l.account} listing ${l.channel_sku}: unlinked from ${variantText(l.from)}`,
  );
  return [...skus, ...links];
}

function PlanList({ items }: { items: SkuConflictFixPlan[] }) {
  return (
    <ul aria-label="Fixes" className="grid max-h-56 gap-2 overflow-auto text-sm">
      {items.map((item) => (
        <li key={item.id} className="rounded-md border px-3 py-2">
          <p className="font-medium">
            {KIND_LABELS[item.kind]}: {FIX_LABELS[item.fix]}
            {item.status !== 'ready' ? (
              <span className="ml-2 text-amber-700 dark:text-amber-300">
                {item.status === 'gone' ? 'Already gone' : 'Cannot be applied'}
              </span>
            ) : null}
          </p>
          {item.message ? <p className="text-muted-foreground">{item.message}</p> : null}
          {changesOf(item).map((line) => (
            <p key={line} className="text-muted-foreground">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 25 item 2: the preview of the chosen fixes (what changes here, which channel listing gets
 * which SKU, eBay's refusal with its reason), then Apply and a result per conflict.
 */
export function FixPreviewDialog({
  orgId,
  body,
  applied,
  onApplied,
  onClose,
}: FixPreviewDialogProps) {
  const preview = useFixesPreview(orgId, applied ? null : body);
  const apply = useApplyFixes(orgId);
  const can = useCan('postV1SkuConflictsFixes');
  const ready = preview.data?.items.filter((i) => i.status === 'ready').length ?? 0;
  const confirm = async () => {
    if (!body) return;
    try {
      const result = await apply.mutateAsync(body);
      const fixed = result.items.filter((i) => i.status === 'applied').length;
      toast.success(`Fixed ${fixed} of ${result.items.length} conflicts`, {
        description: result.queued ? `Sending ${result.queued} SKUs to the channels` : undefined,
      });
      onApplied(result);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Dialog open={body !== null} onOpenChange={(next) => !next && onClose()}>
      {/* Many fixes' listings run long: they scroll, the buttons stay in view. */}
      <DialogContent className="flex max-h-[90vh] flex-col sm:max-w-4xl">
        <DialogTitle>{applied ? 'Fixes applied' : 'Fix SKU conflicts'}</DialogTitle>
        {applied ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <FixResults result={applied} />
          </div>
        ) : (
          <>
            <DialogDescription>
              {preview.isPending
                ? 'Checking the conflicts…'
                : preview.data
                  ? `${ready} of ${preview.data.items.length} conflicts will be fixed.`
                  : ''}
            </DialogDescription>
            {preview.isPending ? <Spinner label="Loading the preview" /> : null}
            {preview.isError ? <p role="alert">{preview.error.message}</p> : null}
            {preview.data ? (
              <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto">
                <PlanList items={preview.data.items} />
                <FixListings listings={preview.data.listings} />
                {preview.data.remaining > 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {preview.data.remaining} more conflicts are left for a next round.
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {applied ? 'Close' : 'Cancel'}
          </Button>
          {applied ? null : (
            <Button
              onClick={() => void confirm()}
              disabled={ready === 0 || apply.isPending || !can.allowed}
              title={can.allowed ? undefined : can.reason}
            >
              Apply {ready} {ready === 1 ? 'fix' : 'fixes'}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
