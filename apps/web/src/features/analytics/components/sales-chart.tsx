import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';
import { channelStyles } from './channel-colors';
import { DataTableToggle } from './data-table-toggle';

const axis = { fill: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--card)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--foreground)',
};

/** Units sold per day, stacked by channel, with the same figures as a table behind it. */
export function SalesChart({
  sales,
  currency,
}: {
  sales: AnalyticsSummary['sales'];
  currency: Currency;
}) {
  const channels = channelStyles(sales.channels);
  const data = sales.days.map((day) => ({
    day: day.day.slice(5),
    ...Object.fromEntries(day.channels.map((c) => [c.connectionId, c.units])),
  }));
  return (
    <figure className="grid gap-3">
      <figcaption className="sr-only">
        Units sold per day by channel, {sales.days[0]?.day} to {sales.days.at(-1)?.day}
      </figcaption>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="day" tick={axis} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
            <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--muted)', opacity: 0.4 }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {channels.map((c) => (
              <Bar key={c.id} dataKey={c.id} name={c.label} stackId="units" fill={c.color} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTableToggle label="Sales per day as a table">
        <table className="w-full text-sm">
          <caption className="sr-only">Units and revenue per day and channel</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="p-2">
                Day
              </th>
              {channels.map((c) => (
                <th key={c.id} scope="col" className="p-2 text-right">
                  {c.label}
                </th>
              ))}
              <th scope="col" className="p-2 text-right">
                Units
              </th>
              <th scope="col" className="p-2 text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.days.map((day) => (
              <tr key={day.day} className="border-b last:border-0">
                <th scope="row" className="p-2 text-left font-normal">
                  {day.day}
                </th>
                {channels.map((c) => (
                  <td key={c.id} className="p-2 text-right tabular-nums">
                    {day.channels.find((x) => x.connectionId === c.id)?.units ?? 0}
                  </td>
                ))}
                <td className="p-2 text-right tabular-nums">{day.units}</td>
                <td className="p-2 text-right tabular-nums">
                  {formatMoney(day.revenue, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DataTableToggle>
    </figure>
  );
}
