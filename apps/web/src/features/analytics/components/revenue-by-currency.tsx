import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import { Table, TableBody, TableCaption, TableCell, TableRow } from '@/components/ui/table';
import { FigureTableHead } from './figure-table-head';

/**
 * The range's sales per currency, nothing converted, shown when some were in a currency other
 * than the organisation's: orders at their own prices, and orders without a price whose
 * variant's price is a channel's in another currency, at that price (said as estimated).
 */
export function RevenueByCurrency({
  rows,
  currency,
}: {
  rows: AnalyticsSummary['sales']['revenueByCurrency'];
  currency: string;
}) {
  if (!rows.some((row) => row.currency !== currency)) return null;
  return (
    <Table className="max-w-md text-xs">
      <TableCaption className="caption-top text-left">
        Revenue by currency, at the orders' prices (not converted)
      </TableCaption>
      <FigureTableHead labels={['Currency']} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.currency}>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              {row.currency}
            </th>
            <TableCell className="text-right tabular-nums">{row.units}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(row.revenue, row.currency)}
              {row.estimatedUnits > 0 ? (
                <span className="block text-muted-foreground">
                  of which {row.estimatedUnits} units,{' '}
                  {formatMoney(row.estimatedRevenue, row.currency)} at the listing's price
                </span>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
