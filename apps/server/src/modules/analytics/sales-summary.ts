import type { Platform } from '../../db/types';
import type { SalesSummary } from '@stocksync/contract';
import { daysOf } from './range';
import type { CurrencyRow, SalesTotalRow } from './sales-repository';
import type { TopVariantRow } from './top-sellers-repository';

type Names = Map<string, { platform: Platform; alias: string }>;

type DayChannel = SalesSummary['days'][number]['channels'][number];

const ZERO = '0.00';

export function estimatedNote(currency: string): string {
  return (
    `Units whose order gave no price in ${currency} (sales recorded before prices were kept, ` +
    'channels that report stock levels instead of orders, orders in another currency) are ' +
    `valued at the variant's price when the sale was recorded, if that price is in ${currency}. ` +
    "A price imported from a channel is in that channel's currency: units whose only price is " +
    `in another currency count in the units, not in the ${currency} revenue, and are shown ` +
    'with revenue by currency.'
  );
}

/** A day and channel's sales (SummaryRows.days): day, connection id, units, revenue. */
export type DayRow = [day: string, connectionId: string, units: string, revenue: string];

/** The range's per-channel and total rows and its day rows as the summary's sales section. */
export function salesSummary(
  range: { from: string; to: string },
  currency: string,
  totals: SalesTotalRow[],
  days: DayRow[],
  top: TopVariantRow[],
  names: Names,
): Omit<SalesSummary, 'firstSaleDay' | 'revenueByCurrency'> {
  const total = totals.find((g) => g.connection_id === null);
  const perChannel = totals.filter((g) => g.connection_id !== null);
  // A day and channel may come twice: folded, and still pending (salesQueries.days).
  const perDay = new Map<string, DayChannel[]>();
  for (const [day, connectionId, units, revenue] of days) {
    const channels = perDay.get(day);
    const seen = channels?.find((c) => c.connectionId === connectionId);
    if (seen) {
      seen.units += Number(units);
      seen.revenue = addDecimals([seen.revenue, revenue]);
    } else if (channels) channels.push({ connectionId, units: Number(units), revenue });
    else perDay.set(day, [{ connectionId, units: Number(units), revenue }]);
  }
  return {
    totals: { units: Number(total?.units ?? 0), revenue: total?.revenue ?? ZERO },
    estimated: {
      units: Number(total?.estimated_units ?? 0),
      revenue: total?.estimated_revenue ?? ZERO,
      note: estimatedNote(currency),
    },
    unvaluedUnits: Number(total?.unvalued_units ?? 0),
    days: daysOf(range.from, range.to).map((day) => dayOf(day, perDay.get(day) ?? [])),
    channels: perChannel
      .map((g) => ({
        connectionId: g.connection_id!,
        platform: names.get(g.connection_id!)?.platform ?? null,
        alias: names.get(g.connection_id!)?.alias ?? null,
        units: Number(g.units),
        revenue: g.revenue,
      }))
      .sort((a, b) => b.units - a.units || a.connectionId.localeCompare(b.connectionId)),
    topVariants: top.map((t) => ({
      variantId: t.variant_id,
      productId: t.product_id,
      productTitle: t.product_title,
      variantTitle: t.variant_title,
      sku: t.sku,
      units: Number(t.units),
      revenue: t.revenue,
    })),
  };
}

/**
 * The range's sales per currency (CurrencyRow), nothing converted: the organisation's currency
 * first, then the others by code.
 */
export function revenueByCurrency(
  rows: CurrencyRow[],
  organizationCurrency: string,
): SalesSummary['revenueByCurrency'] {
  return rows
    .map((r) => ({
      currency: r.currency,
      units: Number(r.units),
      revenue: r.revenue,
      estimatedUnits: Number(r.estimated_units),
      estimatedRevenue: r.estimated_revenue,
    }))
    .sort(
      (a, b) =>
        Number(b.currency === organizationCurrency) - Number(a.currency === organizationCurrency) ||
        a.currency.localeCompare(b.currency),
    );
}

function dayOf(day: string, channels: DayChannel[]): SalesSummary['days'][number] {
  // Lowercase UUIDs, dashes in the same places: code unit order is localeCompare's, far cheaper.
  channels.sort((a, b) =>
    a.connectionId < b.connectionId ? -1 : a.connectionId > b.connectionId ? 1 : 0,
  );
  let units = 0;
  for (const c of channels) units += c.units;
  return { day, units, revenue: addDecimals(channels.map((c) => c.revenue)), channels };
}

/** A decimal string with two places and at most 15 digits: exact as a number of cents. */
const SHORT_DECIMAL = /^-?\d{1,13}\.\d\d$/;

/**
 * Sums decimal strings with two places exactly: as a number of cents while every value and sum
 * is a safe integer (a 366-day summary adds 1,500 of them: BigInt cost 4 ms), else as BigInt.
 */
export function addDecimals(values: string[]): string {
  let cents = 0;
  for (const value of values) {
    if (!SHORT_DECIMAL.test(value)) return addDecimalsBig(values);
    cents += Number(value.replace('.', ''));
    if (!Number.isSafeInteger(cents)) return addDecimalsBig(values);
  }
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - rest) / 100}.${String(rest).padStart(2, '0')}`;
}

function addDecimalsBig(values: string[]): string {
  let cents = 0n;
  for (const value of values) {
    const negative = value.startsWith('-');
    const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
    const amount = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    cents += negative ? -amount : amount;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
