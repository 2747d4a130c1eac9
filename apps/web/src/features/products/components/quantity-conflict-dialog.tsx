import type { QuantityConflict } from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatDelta } from '../stock';
import { describeChange } from '../quantity-edit';
import { useNow } from '../use-now';

/** A set the API refused because the master moved since the seller saw it. */
export type RefusedSet = {
  variantTitle: string;
  seen: number;
  wanted: number;
  conflict: QuantityConflict;
};

type QuantityConflictDialogProps = {
  refused: RefusedSet | null;
  onClose: () => void;
  /** Sets `wanted` again, now expecting the current quantity. */
  onSet: (wanted: number, expected: number) => void;
  /** Applies the seller's change (wanted − seen) on top of the current quantity. */
  onAdjust: (adjust: number) => void;
};

/**
 * Issue 22 item 2: the quantity changed while the seller was typing. Shows what it is now and
 * what changed it (from the ledger), and lets the seller apply their change again, as the number
 * they typed or as the difference they meant.
 */
export function QuantityConflictDialog({
  refused,
  onClose,
  onSet,
  onAdjust,
}: QuantityConflictDialogProps) {
  const now = useNow();
  if (!refused) return null;
  const { variantTitle, seen, wanted, conflict } = refused;
  const change = wanted - seen;
  const adjusted = conflict.quantity + change;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>The quantity changed</DialogTitle>
        <DialogDescription>
          {variantTitle} is now <strong className="text-foreground">{conflict.quantity}</strong>,
          not the {seen} you saw. Nothing was saved.
        </DialogDescription>
        {conflict.changes.length > 0 ? (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">What changed it</p>
            <ul aria-label="Changes since you saw it" className="grid gap-1">
              {conflict.changes.map((entry) => (
                <li key={entry.id}>{describeChange(entry, now)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Keep {conflict.quantity}
          </Button>
          {change !== 0 && adjusted >= 0 ? (
            <Button variant="outline" onClick={() => onAdjust(change)}>
              Apply {formatDelta(change)} (→ {adjusted})
            </Button>
          ) : null}
          <Button onClick={() => onSet(wanted, conflict.quantity)}>Set to {wanted}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
