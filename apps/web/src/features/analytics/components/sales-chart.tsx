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
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

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
  const { days, units, revenue } = sales.daily;
  const data = days.map((day, i) => ({
    day: day.slice(5),
    ...Object.fromEntries(sales.channels.map((c) => [c.connectionId, c.daily.units[i]])),
  }));
  return (
    <figure className="grid gap-3">
      <figcaption className="sr-only">
        Units sold per day by channel, {days[0]} to {days.at(-1)}
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
        <Table>
          <TableCaption className="sr-only">Units and revenue per day and channel</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Day</TableHead>
              {channels.map((c) => (
                <TableHead key={c.id} scope="col" className="text-right">
                  {c.label}
                </TableHead>
              ))}
              <TableHead scope="col" className="text-right">
                Units
              </TableHead>
              <TableHead scope="col" className="text-right">
                Revenue
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day, i) => (
              <TableRow key={day}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {day}
                </th>
                {sales.channels.map((c) => (
                  <TableCell key={c.connectionId} className="text-right tabular-nums">
                    {c.daily.units[i]}
                  </TableCell>
                ))}
                <TableCell className="text-right tabular-nums">{units[i]}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(revenue[i]!, currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </figure>
  );
}
