import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';
import { channelStyles } from './channel-colors';
import { DataTableToggle } from './data-table-toggle';
import { FigureTableHead } from './figure-table-head';
import { Table, TableBody, TableCaption, TableCell, TableRow } from '@/components/ui/table';

/** Each channel's share of the range's units, as a ring and as a table. */
export function ChannelSplit({
  sales,
  currency,
}: {
  sales: AnalyticsSummary['sales'];
  currency: Currency;
}) {
  const styles = channelStyles(sales.channels);
  const data = sales.channels.map((c, i) => ({ name: styles[i]!.label, value: c.units }));
  return (
    <figure className="grid gap-3">
      <figcaption className="sr-only">Units sold by channel</figcaption>
      <div className="h-48 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              stroke="var(--card)"
            >
              {styles.map((s) => (
                <Cell key={s.id} fill={s.color} />
              ))}
            </Pie>
            <Tooltip
              contentStyle={{
                background: 'var(--card)',
                border: '1px solid var(--border)',
                borderRadius: 8,
              }}
              itemStyle={{ color: 'var(--foreground)' }}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <DataTableToggle label="Channel split as a table">
        <Table>
          <TableCaption className="sr-only">Units and revenue by channel</TableCaption>
          <FigureTableHead labels={['Channel']} />
          <TableBody>
            {sales.channels.map((c, i) => (
              <TableRow key={c.connectionId}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span
                    className="mr-2 inline-block size-2.5 rounded-full"
                    style={{ background: styles[i]!.color }}
                    aria-hidden
                  />
                  {styles[i]!.label}
                </th>
                <TableCell className="text-right tabular-nums">{c.units}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(c.revenue, currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </figure>
  );
}
