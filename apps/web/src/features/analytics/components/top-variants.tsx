import { Link } from '@tanstack/react-router';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';
import { Table, TableBody, TableCaption, TableCell, TableRow } from '@/components/ui/table';
import { FigureTableHead } from './figure-table-head';

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
    <Table>
      <TableCaption className="sr-only">Best-selling variants by units</TableCaption>
      <FigureTableHead labels={['Product', 'SKU']} />
      <TableBody>
        {top.map((v) => (
          <TableRow key={v.variantId}>
            <th scope="row" className="max-w-64 truncate px-3 py-2 text-left font-normal">
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
            <TableCell>{v.sku || '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{v.units}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(v.revenue, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
