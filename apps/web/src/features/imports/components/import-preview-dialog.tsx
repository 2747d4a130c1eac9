import { useState } from 'react';
import type { ImportFieldChange, ImportPreview, ImportProductOutcome } from '@stocksync/contract';
import { LoadError } from '@/components/layout/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ImportSkus } from './import-skus';

type ImportPreviewDialogProps = {
  open: boolean;
  title: string;
  /** The dry run's answer, once it came. */
  preview: ImportPreview | undefined;
  error: Error | null;
  onRetry: () => void;
  starting: boolean;
  /** Starts the import; `writeBackSkus`: the seller ticked sending the generated SKUs. */
  onImport: (writeBackSkus: boolean) => void;
  onClose: () => void;
};

const ACTION_LABEL: Record<ImportProductOutcome['action'], string> = {
  create: 'New',
  link: 'Link',
  update: 'Update',
  unchanged: 'No change',
  failed: 'Fails',
};

const FIELD_LABEL: Record<ImportFieldChange['field'], string> = {
  title: 'title',
  price: 'price',
  quantity: 'stock',
};

/** "title “Mug” → “Big mug”", with why a kept one is kept. */
export function changeText(change: ImportFieldChange): string {
  const what =
    change.target === 'product'
      ? 'Title'
      : `${change.sku || 'Variant'} ${FIELD_LABEL[change.field]}`;
  const values = `“${change.before}” → “${change.after}”`;
  if (change.kept === 'other_source')
    return `${what}: kept “${change.before}” (this channel says “${change.after}”; the product came from another channel)`;
  if (change.kept === 'synced')
    return `${what}: kept ${change.before} (sync is on; this channel holds ${change.after})`;
  return `${what}: ${values}`;
}

function Totals({ preview }: { preview: ImportPreview }) {
  const { products, variants, listings, kept } = preview.totals;
  const total = Object.values(products).reduce((sum, n) => sum + n, 0);
  return (
    <ul aria-label="What this import does" className="grid gap-1 text-sm">
      <li>
        {total} products: {products.create} new, {products.link} linked to products you have,{' '}
        {products.update} updated, {products.unchanged} unchanged
        {products.failed > 0 ? `, ${products.failed} failing` : ''}
      </li>
      <li>
        Variants: {variants.create} new, {variants.link} linked, {variants.update} updated;
        listings: {listings.create} new, {listings.update} refreshed
      </li>
      {kept > 0 ? <li>{kept} differences kept by the re-import rules (listed below)</li> : null}
    </ul>
  );
}

function Outcome({ outcome }: { outcome: ImportProductOutcome }) {
  return (
    <li className="grid gap-1 border-b py-2 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={outcome.action === 'failed' ? 'destructive' : 'outline'}>
          {ACTION_LABEL[outcome.action]}
        </Badge>
        <span className="font-medium">{outcome.title || outcome.external_id}</span>
        {outcome.our_title && outcome.our_title !== outcome.title ? (
          <span className="text-muted-foreground">→ {outcome.our_title}</span>
        ) : null}
      </div>
      {outcome.reason ? <p className="text-destructive">{outcome.reason}</p> : null}
      {outcome.changes.map((change, index) => (
        <p key={index} className="text-muted-foreground">
          {changeText(change)}
        </p>
      ))}
    </li>
  );
}

/** The dry run shown before anything is written ("Import" starts the real import). */
export function ImportPreviewDialog(props: ImportPreviewDialogProps) {
  const { preview, error } = props;
  const [writeBack, setWriteBack] = useState(false);
  const shown = preview?.products.filter((p) => p.action !== 'unchanged') ?? [];
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>
          A dry run: nothing is written until you choose Import.
        </DialogDescription>
        {error ? (
          <LoadError subject="The preview" error={error} onRetry={props.onRetry} />
        ) : !preview ? (
          <div className="flex min-h-24 items-center justify-center">
            <Spinner className="size-6 text-muted-foreground" label="Working out the changes" />
          </div>
        ) : (
          <>
            <Totals preview={preview} />
            {preview.skus ? (
              <ImportSkus
                skus={preview.skus}
                writeBack={writeBack}
                onWriteBackChange={setWriteBack}
              />
            ) : null}
            {shown.length > 0 ? (
              <ul aria-label="Changes" className="text-sm">
                {shown.map((outcome) => (
                  <Outcome key={outcome.external_id} outcome={outcome} />
                ))}
              </ul>
            ) : null}
            {preview.truncated ? (
              <p className="text-sm text-muted-foreground">
                The first {preview.products.length} products are listed.
              </p>
            ) : null}
          </>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button disabled={!preview || props.starting} onClick={() => props.onImport(writeBack)}>
            {props.starting ? <Spinner /> : null}
            Import
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
