import { LoadError } from '@/components/layout/load-error';
import { Spinner } from '@/components/ui/spinner';
import { StockBadge } from '@/components/ui/stock-badge';
import { useProductLazy } from '@/features/products';

type VariantRowsProps = { orgId: string; productId: string; title: string };

/** The variants of an expanded inventory row, fetched when the row opens. */
export function VariantRows({ orgId, productId, title }: VariantRowsProps) {
  const { data, isPending, isError, error, refetch } = useProductLazy(orgId, productId);
  if (isPending) {
    return (
      <div className="flex items-center gap-2 px-12 py-3 text-sm text-muted-foreground">
        <Spinner label={`Loading variants of ${title}`} /> Loading variants…
      </div>
    );
  }
  if (isError) {
    return (
      <LoadError
        inline
        className="px-12 py-3"
        subject={`The variants of ${title}`}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <table aria-label={`Variants of ${title}`} className="ml-12 w-[calc(100%-3rem)] text-sm">
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th className="py-2 pr-3 font-medium">Variant</th>
          <th className="py-2 pr-3 font-medium">SKU</th>
          <th className="py-2 pr-3 font-medium">Qty</th>
        </tr>
      </thead>
      <tbody>
        {data.variants.map((variant) => (
          <tr key={variant.id} className="border-t border-border/60">
            <td className="py-1.5 pr-3">{variant.title}</td>
            <td className="py-1.5 pr-3 font-mono text-xs">
              {variant.sku || <span className="font-sans text-muted-foreground">No SKU</span>}
            </td>
            <td className="py-1.5 pr-3 tabular-nums">
              <span className="flex items-center gap-2">
                {variant.available_qty}
                <StockBadge quantity={variant.available_qty} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
