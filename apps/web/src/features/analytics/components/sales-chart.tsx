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
            {sales.days.map((day) => (
              <TableRow key={day.day}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {day.day}
                </th>
                {channels.map((c) => (
                  <TableCell key={c.id} className="text-right tabular-nums">
                    {day.channels.find((x) => x.connectionId === c.id)?.units ?? 0}
                  </TableCell>
                ))}
                <TableCell className="text-right tabular-nums">{day.units}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(day.revenue, currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </figure>
  );
}
