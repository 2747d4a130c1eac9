import { Spinner } from '@/components/ui/spinner';
import type { SkuPreview as SkuPreviewItem } from '../api/preview-skus';

type SkuPreviewProps = {
  previews: SkuPreviewItem[] | undefined;
  loading: boolean;
  invalid: boolean;
  error: Error | null;
};

/** Example SKUs for the current, unsaved settings. */
export function SkuPreview({ previews, loading, invalid, error }: SkuPreviewProps) {
  return (
    <section aria-labelledby="sku-preview-title" className="grid content-start gap-3">
      <div className="flex items-center gap-2">
        <h3 id="sku-preview-title" className="font-medium">
          Preview
        </h3>
        {loading ? <Spinner label="Updating preview" className="text-muted-foreground" /> : null}
      </div>
      {invalid ? (
        <p className="text-sm text-muted-foreground">Fix the highlighted fields to see examples.</p>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          The preview could not be generated: {error.message}
        </p>
      ) : previews ? (
        <ul aria-label="Example SKUs" aria-live="polite" className="grid gap-2 text-sm">
          {previews.map((preview, index) => (
            <li
              key={`${preview.productTitle}-${index}`}
              className="grid gap-0.5 rounded-md border px-3 py-2"
            >
              <span className="text-muted-foreground">
                {preview.productTitle}
                {preview.optionValues.length > 0 ? ` · ${preview.optionValues.join(' / ')}` : ''}
              </span>
              {preview.sku ? (
                <code className="font-mono text-sm">{preview.sku}</code>
              ) : (
                <span className="text-destructive">No SKU: {preview.reason}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Loading examples…</p>
      )}
    </section>
  );
}
