import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import { Table, TableBody, TableCaption, TableCell, TableRow } from '@/components/ui/table';
import { FigureTableHead } from './figure-table-head';

/**
 * The range's priced order lines per order currency, at the orders' own prices (nothing is
 * converted), shown when some orders were in a currency other than the organisation's: the sales
 * figures above value those at the variant's price, as their note says.
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
        Revenue by order currency, at the orders' prices (not converted)
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
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
