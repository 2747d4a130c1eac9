import { useState, type FormEvent } from 'react';
import { ANALYTICS_MAX_DAYS, analyticsMessages, daysBetween } from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  isCustomRange,
  RANGE_PRESETS,
  rangeOf,
  type AnalyticsRangeSearch,
} from '../analytics-range';

/** 7, 30 or 90 days, or a custom range (UTC days), kept in the URL by the caller. */
export function RangePicker({
  search,
  onChange,
}: {
  search: AnalyticsRangeSearch;
  onChange: (next: AnalyticsRangeSearch) => void;
}) {
  const custom = isCustomRange(search);
  const current = rangeOf(search);
  const [editing, setEditing] = useState(custom);
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const error =
    !from || !to
      ? 'Choose both days'
      : to < from
        ? analyticsMessages.reversed
        : daysBetween(from, to) > ANALYTICS_MAX_DAYS
          ? analyticsMessages.tooLong
          : null;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!error) onChange({ from, to });
  }

  return (
    <div className="grid gap-2">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-1">
        {RANGE_PRESETS.map((days) => {
          const active = !custom && (search.days ?? 30) === days;
          return (
            <Button
              key={days}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              onClick={() => {
                setEditing(false);
                onChange({ days });
              }}
            >
              {days} days
            </Button>
          );
        })}
        <Button
          size="sm"
          variant={custom || editing ? 'default' : 'outline'}
          aria-pressed={custom}
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          Custom
        </Button>
      </div>
      {editing ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="range-from">From</Label>
            <Input
              id="range-from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="range-to">To</Label>
            <Input id="range-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <Button type="submit" size="sm" disabled={Boolean(error)}>
            Apply
          </Button>
          {error ? (
            <p role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
