import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';
import { channelStyles } from './channel-colors';
import { DataTableToggle } from './data-table-toggle';

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
        <table className="w-full text-sm">
          <caption className="sr-only">Units and revenue by channel</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="p-2">
                Channel
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
            {sales.channels.map((c, i) => (
              <tr key={c.connectionId} className="border-b last:border-0">
                <th scope="row" className="p-2 text-left font-normal">
                  <span
                    className="mr-2 inline-block size-2.5 rounded-full"
                    style={{ background: styles[i]!.color }}
                    aria-hidden
                  />
                  {styles[i]!.label}
                </th>
                <td className="p-2 text-right tabular-nums">{c.units}</td>
                <td className="p-2 text-right tabular-nums">{formatMoney(c.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DataTableToggle>
    </figure>
  );
}
