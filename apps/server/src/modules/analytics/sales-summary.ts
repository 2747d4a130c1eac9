import type { Platform } from '../../db/types';
import type { SalesSummary } from '@stocksync/contract';
import { daysOf } from './range';
import type { CurrencyRow, SalesGroupRow } from './sales-repository';
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

/** The grouped rows of a range (salesQueries.groups) as the summary's sales section. */
export function salesSummary(
  range: { from: string; to: string },
  currency: string,
  groups: SalesGroupRow[],
  top: TopVariantRow[],
  names: Names,
): Omit<SalesSummary, 'firstSaleDay' | 'revenueByCurrency'> {
  const total = groups.find((g) => g.day === null && g.connection_id === null);
  const perChannel = groups.filter((g) => g.day === null && g.connection_id !== null);
  // A day and channel may come twice: folded, and still pending (salesQueries.groups).
  const perDay = new Map<string, Map<string, DayChannel>>();
  for (const g of groups) {
    if (g.day === null || g.connection_id === null) continue;
    const day = perDay.get(g.day) ?? new Map<string, DayChannel>();
    const seen = day.get(g.connection_id);
    day.set(g.connection_id, {
      connectionId: g.connection_id,
      units: Number(g.units) + (seen?.units ?? 0),
      revenue: seen ? addDecimals([seen.revenue, g.revenue]) : g.revenue,
    });
    perDay.set(g.day, day);
  }
  return {
    totals: { units: Number(total?.units ?? 0), revenue: total?.revenue ?? ZERO },
    estimated: {
      units: Number(total?.estimated_units ?? 0),
      revenue: total?.estimated_revenue ?? ZERO,
      note: estimatedNote(currency),
    },
    unvaluedUnits: Number(total?.unvalued_units ?? 0),
    days: daysOf(range.from, range.to).map((day) => dayOf(day, [...(perDay.get(day) ?? [])])),
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

function dayOf(day: string, rows: [string, DayChannel][]): SalesSummary['days'][number] {
  const channels = rows
    .map(([, channel]) => channel)
    .sort((a, b) => a.connectionId.localeCompare(b.connectionId));
  return {
    day,
    units: channels.reduce((sum, c) => sum + c.units, 0),
    revenue: addDecimals(channels.map((c) => c.revenue)),
    channels,
  };
}

/** Sums decimal strings with two places exactly (as integer cents). */
export function addDecimals(values: string[]): string {
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
