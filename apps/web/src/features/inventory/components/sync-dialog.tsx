import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { plural, SyncPreviewChanges } from './sync-preview-changes';

/** What the seller selected, as the dialog tells it. */
export type SyncSelection =
  | {
      kind: 'page';
      /** The selected products. */
      count: number;
      /** The selected products whose sync is off. */
      unsyncedIds: string[];
    }
  | {
      kind: 'all';
      /** Every product the list's filters match. */
      count: number;
      /** How many of them have sync off (undefined while it is being counted). */
      unsynced: number | undefined;
      filtered: boolean;
    };

type SyncDialogProps = {
  orgId: string;
  orgName: string;
  selection: SyncSelection;
  onCancel: () => void;
  onConfirm: (turnOn: boolean) => void;
};

const options = [
  { on: true, label: 'Turn sync on' },
  { on: false, label: 'Turn sync off' },
] as const;

/**
 * "Toggle sync" on the selected products (issue 22 item 5): the seller chooses on or off, never an
 * unexplained flip, and the title and text say what happens to how many products. Turning sync
 * on for products on this page shows the channel quantities it will set first.
 */
export function SyncDialog({ orgId, orgName, selection, onCancel, onConfirm }: SyncDialogProps) {
  const unsynced = selection.kind === 'page' ? selection.unsyncedIds.length : selection.unsynced;
  // Until the seller chooses: on when any selected product is off (or while that is counted).
  const [choice, setChoice] = useState<boolean>();
  const turnOn = choice ?? (unsynced === undefined || unsynced > 0);
  const [previewReady, setPreviewReady] = useState(false);
  const total = selection.count;
  const changing = unsynced === undefined ? undefined : turnOn ? unsynced : total - unsynced;
  const unchanged = changing === undefined ? undefined : total - changing;
  const scope =
    selection.kind === 'page'
      ? `of the ${plural(total, 'selected product', 'selected products')}`
      : `of the ${plural(total, 'product', 'products')} ${selection.filtered ? 'matching these filters' : 'in this organisation'}, on every page`;
  const previewing = turnOn && selection.kind === 'page' && selection.unsyncedIds.length > 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogTitle>
          {changing === undefined
            ? `${turnOn ? 'Turn sync on' : 'Turn sync off'}?`
            : `Turn sync ${turnOn ? 'on' : 'off'} for ${plural(changing, 'product', 'products')}?`}
        </DialogTitle>
        <div role="radiogroup" aria-label="Sync" className="flex gap-2">
          {options.map((option) => (
            <Button
              key={String(option.on)}
              role="radio"
              aria-checked={turnOn === option.on}
              variant={turnOn === option.on ? 'default' : 'outline'}
              size="sm"
              onClick={() => setChoice(option.on)}
            >
              {option.label}
            </Button>
          ))}
        </div>
        <DialogDescription>
          {changing === undefined ? (
            <span className="inline-flex items-center gap-2">
              <Spinner label="Counting the products" /> Counting the products…
            </span>
          ) : (
            <>
              Sync turns {turnOn ? 'on' : 'off'} for {changing} {scope}
              {unchanged
                ? `; ${unchanged} already ${unchanged === 1 ? 'has' : 'have'} it ${turnOn ? 'on' : 'off'} and stay as they are`
                : ''}
              .{' '}
              {changing === 0
                ? 'Nothing will change.'
                : turnOn
                  ? 'Every channel listing of them will be set to its master quantity, and follows it from then on.'
                  : 'Their channel listings keep their quantities and no longer follow the master.'}
            </>
          )}
        </DialogDescription>
        {previewing ? (
          <SyncPreviewChanges
            orgId={orgId}
            orgName={orgName}
            turningOn={selection.unsyncedIds}
            onReady={setPreviewReady}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            onClick={() => onConfirm(turnOn)}
            disabled={!changing || (previewing && !previewReady)}
          >
            {turnOn ? 'Turn sync on' : 'Turn sync off'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
