import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/roles';
import { useUndoImport } from '../api/undo-import';
import type { ImportJob } from '../api/types';

/** Undo of a finished import, after the seller confirms; a refusal says why (toast). */
export function UndoImportButton({ orgId, job }: { orgId: string; job: ImportJob }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoImport(orgId);
  const can = useCan('postV1ImportsByIdUndo');
  if (!job.undo_until) return null;
  const until = new Date(job.undo_until).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={!can.allowed}
        title={can.reason || undefined}
        onClick={() => setOpen(true)}
      >
        <Undo2 aria-hidden />
        Undo import
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Undo this import?</DialogTitle>
          <DialogDescription>
            Products, variants and listings it created are deleted, and titles, prices and stock it
            changed are put back (the stock history records it). Possible until {until}, unless
            something changed them since.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutate({ orgId, importId: job.id }, { onSettled: () => setOpen(false) })
              }
            >
              {undo.isPending ? <Spinner /> : null}
              Undo import
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
