import { Link } from '@tanstack/react-router';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';

/** The range's ten best sellers by units. */
export function TopVariants({
  orgName,
  top,
  currency,
}: {
  orgName: string;
  top: AnalyticsSummary['sales']['topVariants'];
  currency: Currency;
}) {
  if (top.length === 0)
    return <p className="text-sm text-muted-foreground">No sales in this range.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Best-selling variants by units</caption>
        <thead>
          <tr className="border-b bg-muted/40 text-left">
            <th scope="col" className="p-2">
              Product
            </th>
            <th scope="col" className="p-2">
              SKU
            </th>
            <th scope="col" className="p-2 text-right">
              Units
            </th>
            <th scope="col" className="p-2 text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {top.map((v) => (
            <tr key={v.variantId} className="border-b last:border-0">
              <th scope="row" className="max-w-64 truncate p-2 text-left font-normal">
                {v.productId ? (
                  <Link
                    to="/$org/products/$id"
                    params={{ org: orgName, id: v.productId }}
                    className="underline-offset-4 hover:underline"
                  >
                    {v.productTitle}
                    {v.variantTitle && v.variantTitle !== 'Default Title'
                      ? ` · ${v.variantTitle}`
                      : ''}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">Deleted product</span>
                )}
              </th>
              <td className="p-2">{v.sku || '—'}</td>
              <td className="p-2 text-right tabular-nums">{v.units}</td>
              <td className="p-2 text-right tabular-nums">{formatMoney(v.revenue, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
