import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { daysBetween, type AnalyticsSummary, type ErrorResponse } from '@stocksync/contract';
import type { ChannelOrder } from '@stocksync/channels';
import type { Platform } from '../../src/db/types';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { PushesRepository } from '../../src/modules/sync/pushes-repository';
import {
  TopSellersRepository,
  topSellersAttempt,
} from '../../src/modules/analytics/top-sellers-repository';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newConnection, newProduct, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const orders = () => t.app.services.sync.orders;

async function summary(user: SignedInUser, query = '', orgId = user.firstOrgId) {
  const response = await orgCall(t, user, 'GET', `/v1/analytics/summary${query}`, undefined, orgId);
  return response;
}

interface Seller {
  user: SignedInUser;
  org: string;
  connections: { id: string; platform: Platform; alias: string }[];
  /** Synced variants listed on every connection, with their SKUs. */
  variants: { id: string; sku: string }[];
}

/** An organisation with a seeded catalogue, two channels and synced, listed variants. */
async function seller(seed: number): Promise<Seller> {
  const user = await signIn(t);
  const org = user.firstOrgId;
  await seedCatalog(t.db.db, {
    organizationId: org,
    products: 40,
    variants: 3,
    seed,
    vacuum: false,
  });
  const connections = await Promise.all(
    (['ebay', 'tiktok'] as const).map(async (platform) => {
      const alias = `${platform}-${seed}`;
      return { id: await newConnection(t.db.db, org, platform, alias), platform, alias };
    }),
  );
  const listedOn = connections.map((c) => c.id);
  const variants: Seller['variants'] = [];
  for (let i = 0; i < 12; i++) {
    const sku = `AN-${seed}-${i}`;
    const product = await newProduct(t.db.db, org, {
      title: `Sold ${i}`,
      isSynced: true,
      variants: [{ sku, qty: 40 + i, cost: `${i + 1}.25`, price: `${2 * i + 3}.99`, listedOn }],
    });
    variants.push({ id: product.variantIds[0]!, sku });
  }
  // Catalogue edge cases: oversold, no cost, no SKU, low stock.
  await sql`UPDATE product_variants SET available_qty = -3
            WHERE id IN (SELECT id FROM product_variants WHERE organization_id = ${org}
                         AND sku NOT LIKE 'AN-%' ORDER BY id LIMIT 4)`.execute(t.db.db);
  await sql`UPDATE product_variants SET cost_price = 0, sku = ''
            WHERE id IN (SELECT id FROM product_variants WHERE organization_id = ${org}
                         AND sku NOT LIKE 'AN-%' ORDER BY id DESC LIMIT 5)`.execute(t.db.db);
  await sql`UPDATE product_variants SET available_qty = 2
            WHERE id IN (SELECT id FROM product_variants WHERE organization_id = ${org}
                         AND sku NOT LIKE 'AN-%' ORDER BY title, id LIMIT 6)`.execute(t.db.db);
  return { user, org, connections, variants };
}

let orderNumber = 0;

/** A sale through the real order path (OrderIntake: ledger entry, quantity, pushes). */
async function sell(
  s: Seller,
  at: string,
  channel: number,
  lines: { variant: number; quantity: number; price?: string; currency?: string }[],
) {
  t.clock.set(new Date(at));
  const connection = { ...s.connections[channel]!, organization_id: s.org };
  orderNumber += 1;
  const order: ChannelOrder = {
    externalId: `order-${orderNumber}`,
    createdAt: at,
    updatedAt: at,
    status: 'PAID',
    lines: lines.map((line) => ({
      sku: s.variants[line.variant]!.sku,
      quantity: line.quantity,
      ...(line.price
        ? { unitPrice: { amount: line.price, currency: line.currency ?? 'USD' } }
        : {}),
    })),
  };
  const entries = new Set(lines.map((line) => line.variant)).size;
  expect(await orders().applyAll(connection, [order])).toBe(entries);
  // Back to the present: the signed-in session's tokens are checked against this clock.
  t.clock.set(new Date());
}

/** The catalogue's figures computed straight from its tables. */
async function catalogueBySql(org: string, threshold = 5) {
  const { rows } = await sql<Record<string, string | null>>`
    SELECT (SELECT count(*) FROM products WHERE organization_id = ${org})::text AS products,
           (SELECT count(*) FROM products WHERE organization_id = ${org} AND is_synced)::text AS synced,
           count(*)::text AS variants,
           sum(greatest(available_qty, 0))::text AS units,
           sum(greatest(available_qty, 0) * cost_price)::numeric(20, 2)::text AS cost,
           sum(greatest(available_qty, 0) * current_price)::numeric(20, 2)::text AS price,
           count(*) FILTER (WHERE sku = '')::text AS missing_sku,
           count(*) FILTER (WHERE cost_price = 0)::text AS missing_cost,
           count(*) FILTER (WHERE available_qty < 0)::text AS oversold,
           count(*) FILTER (WHERE available_qty BETWEEN 0 AND ${threshold}::int)::text AS low
    FROM product_variants WHERE organization_id = ${org}`.execute(t.db.db);
  const r = rows[0]!;
  return {
    products: Number(r.products),
    syncedProducts: Number(r.synced),
    variants: Number(r.variants),
    units: Number(r.units),
    stockValueAtCost: r.cost,
    stockValueAtPrice: r.price,
    missingSku: Number(r.missing_sku),
    missingCost: Number(r.missing_cost),
    oversold: Number(r.oversold),
    lowStock: Number(r.low),
  };
}

/**
 * The ledger's order entries in the range, each valued at its own price when in the
 * organisation's currency, else at the variant's price (unchanged since the sales here) when that
 * price is in it: a variant's price is in the currency of its first listing that says one, else
 * the organisation's. Otherwise the units are unvalued (no revenue in the organisation's currency)
 * and, without an order price, valued at the variant's price in that currency.
 */
const LEDGER_SALES = (org: string, from: string, to: string) => sql`
  SELECT day, connection_id, variant_id, units, order_currency, order_price, price_currency,
         current_price,
         units * CASE WHEN NOT estimated THEN order_price WHEN valued THEN current_price
                      ELSE 0 END AS revenue,
         estimated AND valued AS estimated, NOT valued AS unvalued
  FROM (
    SELECT (l.created_at AT TIME ZONE 'UTC')::date AS day, l.connection_id, l.variant_id,
           -l.delta AS units, l.currency AS order_currency, l.unit_price AS order_price,
           v.current_price, coalesce(pc.currency, o.currency) AS price_currency,
           NOT (l.unit_price IS NOT NULL AND l.currency = o.currency) AS estimated,
           (l.unit_price IS NOT NULL AND l.currency = o.currency)
             OR coalesce(pc.currency, o.currency) = o.currency AS valued
    FROM inventory_ledger l
    JOIN organizations o ON o.id = l.organization_id
    JOIN product_variants v ON v.id = l.variant_id
    LEFT JOIN LATERAL (SELECT cl.currency FROM channel_listings cl
                       WHERE cl.variant_id = v.id AND cl.currency IS NOT NULL
                       ORDER BY cl.created_at, cl.id LIMIT 1) pc ON true
    WHERE l.organization_id = ${org} AND l.cause = 'order' AND l.delta < 0
      AND (l.created_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
  ) s`;

async function salesBySql(org: string, from: string, to: string) {
  const sales = LEDGER_SALES(org, from, to);
  const totals = await sql<Record<string, string | null>>`
    SELECT coalesce(sum(units), 0)::text AS units, coalesce(sum(revenue), 0)::numeric(16, 2)::text AS revenue,
           coalesce(sum(units) FILTER (WHERE estimated), 0)::text AS est_units,
           coalesce(sum(revenue) FILTER (WHERE estimated), 0)::numeric(16, 2)::text AS est_revenue,
           coalesce(sum(units) FILTER (WHERE unvalued), 0)::text AS unvalued_units
    FROM (${sales}) s`.execute(t.db.db);
  const days = await sql<{ day: string; connection_id: string; units: string; revenue: string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, connection_id, sum(units)::text AS units,
           sum(revenue)::numeric(16, 2)::text AS revenue
    FROM (${sales}) s GROUP BY 1, 2 ORDER BY 1, 2`.execute(t.db.db);
  const perDay = await sql<{ day: string; units: string; revenue: string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(units)::text AS units,
           sum(revenue)::numeric(16, 2)::text AS revenue
    FROM (${sales}) s GROUP BY 1 ORDER BY 1`.execute(t.db.db);
  const channels = await sql<{ connection_id: string; units: string; revenue: string }>`
    SELECT connection_id, sum(units)::text AS units, sum(revenue)::numeric(16, 2)::text AS revenue
    FROM (${sales}) s GROUP BY 1 ORDER BY sum(units) DESC, connection_id`.execute(t.db.db);
  const top = await sql<{ variant_id: string; units: string; revenue: string }>`
    SELECT variant_id, sum(units)::text AS units, sum(revenue)::numeric(16, 2)::text AS revenue
    FROM (${sales}) s GROUP BY 1 ORDER BY sum(units) DESC, sum(revenue) DESC, variant_id
    LIMIT 10`.execute(t.db.db);
  // Per currency: priced order lines at their prices, per order currency; unpriced unvalued
  // lines at the variant's price in its currency (estimated). The organisation's first.
  const currencies = await sql<Record<string, string>>`
    SELECT currency, sum(units)::text AS units, sum(revenue)::numeric(16, 2)::text AS revenue,
           coalesce(sum(units) FILTER (WHERE estimated), 0)::text AS estimated_units,
           coalesce(sum(revenue) FILTER (WHERE estimated), 0)::numeric(16, 2)::text
             AS estimated_revenue
    FROM (SELECT CASE WHEN priced THEN order_currency ELSE price_currency END AS currency,
                 units,
                 units * CASE WHEN priced THEN order_price ELSE current_price END AS revenue,
                 NOT priced AS estimated
          FROM (SELECT *, order_price IS NOT NULL AND order_currency IS NOT NULL AS priced
                FROM (${sales}) s) s
          WHERE priced OR unvalued) c
    GROUP BY currency
    ORDER BY currency = (SELECT currency FROM organizations WHERE id = ${org}) DESC, currency`.execute(
    t.db.db,
  );
  return {
    totals: totals.rows[0]!,
    days: days.rows,
    perDay: perDay.rows,
    channels: channels.rows,
    top: top.rows,
    currencies: currencies.rows,
  };
}

/** Moves every pending sale into the aggregates, as the job does every minute. */
async function fold() {
  await t.app.services.analytics.foldSales();
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM analytics_sales_pending`.execute(t.db.db);
  expect(rows[0]!.n).toBe('0');
}

/** Connections by state and pending pushes, straight from their tables. */
async function syncBySql(org: string) {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*) FILTER (WHERE status = 'active' AND sync_enabled)::text AS connected,
           count(*) FILTER (WHERE status = 'active' AND NOT sync_enabled)::text AS sync_off,
           count(*) FILTER (WHERE status = 'needs_reauth')::text AS needs_reauth,
           (SELECT count(*) FROM channel_listings WHERE organization_id = ${org} AND push_pending
           )::text AS pending
    FROM platform_connections WHERE organization_id = ${org}`.execute(t.db.db);
  const r = rows[0]!;
  return {
    connected: Number(r.connected),
    syncOff: Number(r.sync_off),
    needsReauth: Number(r.needs_reauth),
    pushesPending: Number(r.pending),
  };
}

async function expectSummaryMatchesSql(s: Seller, from: string, to: string) {
  const response = await summary(s.user, `?from=${from}&to=${to}`);
  expect(response.statusCode).toBe(200);
  const body = response.json<AnalyticsSummary>();
  expect(body).toMatchObject({ from, to, currency: 'USD' });

  const catalogue = await catalogueBySql(s.org);
  expect(body.catalogue).toMatchObject(catalogue);
  const margin = await sql<{ amount: string; percent: string | null }>`
    SELECT (${catalogue.stockValueAtPrice}::numeric - ${catalogue.stockValueAtCost}::numeric)::text AS amount,
           round((${catalogue.stockValueAtPrice}::numeric - ${catalogue.stockValueAtCost}::numeric) * 100
                 / nullif(${catalogue.stockValueAtPrice}::numeric, 0), 1)::text AS percent`.execute(
    t.db.db,
  );
  expect(body.catalogue.potentialMargin).toBe(margin.rows[0]!.amount);
  expect(body.catalogue.potentialMarginPercent).toBe(margin.rows[0]!.percent);

  const sales = await salesBySql(s.org, from, to);
  expect(body.sales.totals).toEqual({
    units: Number(sales.totals.units),
    revenue: sales.totals.revenue,
  });
  expect(body.sales.estimated).toMatchObject({
    units: Number(sales.totals.est_units),
    revenue: sales.totals.est_revenue,
  });
  expect(body.sales.unvaluedUnits).toBe(Number(sales.totals.unvalued_units));
  // Every day of the range, in order; the days with sales as SQL adds them, the others zero.
  const { daily } = body.sales;
  expect(daily.days).toHaveLength(daysBetween(from, to));
  expect(daily.days[0]).toBe(from);
  expect(daily.days.at(-1)).toBe(to);
  expect(new Set(daily.days).size).toBe(daily.days.length);
  expect([...daily.days].sort()).toEqual(daily.days);
  const sold = daily.days.flatMap((day, i) =>
    daily.units[i] === 0 && daily.revenue[i] === '0.00'
      ? []
      : [{ day, units: String(daily.units[i]), revenue: daily.revenue[i] }],
  );
  expect(sold).toEqual(sales.perDay);
  const dayChannels = body.sales.channels
    .flatMap((c) =>
      daily.days.map((day, i) => ({
        day,
        connection_id: c.connectionId,
        units: String(c.daily.units[i]),
        revenue: c.daily.revenue[i],
      })),
    )
    .filter((r) => r.units !== '0' || r.revenue !== '0.00')
    .sort((a, b) => a.day.localeCompare(b.day) || a.connection_id.localeCompare(b.connection_id));
  expect(dayChannels).toEqual(sales.days);
  for (const c of body.sales.channels) {
    expect(c.daily.units).toHaveLength(daily.days.length);
    expect(c.daily.revenue).toHaveLength(daily.days.length);
    expect(c.daily.units.reduce((sum, u) => sum + u, 0)).toBe(c.units);
  }
  expect(body.sales.channels.map((c) => asSql('connection_id', c.connectionId, c))).toEqual(
    sales.channels,
  );
  expect(body.sales.topVariants.map((v) => asSql('variant_id', v.variantId, v))).toEqual(sales.top);
  expect(
    body.sales.revenueByCurrency.map((c) => ({
      ...asSql('currency', c.currency, c),
      estimated_units: String(c.estimatedUnits),
      estimated_revenue: c.estimatedRevenue,
    })),
  ).toEqual(sales.currencies);
  return body;
}

/** A figure of the summary as direct SQL gives it: its key, units as text, revenue. */
type SqlFigure<K extends string> = Record<K, string> & { units: string; revenue: string };

function asSql<K extends string>(key: K, id: string, figure: { units: number; revenue: string }) {
  return { [key]: id, units: String(figure.units), revenue: figure.revenue } as SqlFigure<K>;
}

describe('GET /v1/analytics/summary', () => {
  it('answers every figure as direct SQL over the catalogue and the ledger computes it', async () => {
    const s = await seller(31);
    // Prices in the organisation's currency, without a price, in another currency; two channels,
    // several days, one order with two lines of the same variant at different prices.
    await sell(s, '2026-03-01T10:00:00Z', 0, [{ variant: 0, quantity: 2, price: '9.99' }]);
    await sell(s, '2026-03-01T23:59:00Z', 1, [
      { variant: 0, quantity: 1, price: '10.49' },
      { variant: 1, quantity: 3 },
    ]);
    await sell(s, '2026-03-02T00:00:00Z', 0, [
      { variant: 2, quantity: 4, price: '3.10', currency: 'EUR' },
    ]);
    await sell(s, '2026-03-05T08:00:00Z', 1, [
      { variant: 3, quantity: 1, price: '1.00' },
      { variant: 3, quantity: 1, price: '2.01' },
    ]);
    for (let i = 4; i < 12; i++)
      await sell(s, `2026-03-0${(i % 5) + 3}T12:00:00Z`, i % 2, [
        { variant: i, quantity: i - 2, price: `${i}.50` },
      ]);

    const body = await expectSummaryMatchesSql(s, '2026-03-01', '2026-03-10');
    expect(body.sales.daily.days).toHaveLength(10);
    expect(body.sales.totals.units).toBeGreaterThan(0);
    expect(body.sales.estimated.units).toBe(7); // 3 without a price, 4 in EUR
    expect(body.sales.topVariants).toHaveLength(10);
    expect(body.sales.channels.map((c) => c.alias).sort()).toEqual(['ebay-31', 'tiktok-31']);
    // The two-line order of one variant is one entry at the lines' average price (1.505 -> 1.51).
    const ledger = await sql<{ unit_price: string; currency: string }>`
      SELECT unit_price::text, currency FROM inventory_ledger
      WHERE variant_id = ${s.variants[3]!.id}::uuid AND cause = 'order'`.execute(t.db.db);
    expect(ledger.rows).toEqual([{ unit_price: '1.51', currency: 'USD' }]);
    // Per order currency at the orders' prices: the USD lines are the part not estimated.
    const none = { estimatedUnits: 0, estimatedRevenue: '0.00' };
    expect(body.sales.revenueByCurrency).toEqual([
      {
        currency: 'USD',
        units: body.sales.totals.units - 7,
        revenue: body.sales.revenueByCurrency[0]!.revenue,
        ...none,
      },
      { currency: 'EUR', units: 4, revenue: '12.40', ...none },
    ]);
    expect(body.sales.unvaluedUnits).toBe(0);
    const priced = await sql<{ revenue: string }>`
      SELECT (${body.sales.totals.revenue}::numeric - ${body.sales.estimated.revenue}::numeric)::text
             AS revenue`.execute(t.db.db);
    expect(body.sales.revenueByCurrency[0]!.revenue).toBe(priced.rows[0]!.revenue);
    // Folded into the aggregates, every figure stays the same.
    await fold();
    expect(await expectSummaryMatchesSql(s, '2026-03-01', '2026-03-10')).toEqual(body);
    // A range that cuts the days, and one without sales.
    await expectSummaryMatchesSql(s, '2026-03-02', '2026-03-04');
    const empty = await expectSummaryMatchesSql(s, '2025-01-01', '2025-01-31');
    expect(empty.sales.totals).toEqual({ units: 0, revenue: '0.00' });
    expect(empty.sales.firstSaleDay).toBe('2026-03-01');
    expect(empty.sales.daily.units.every((units) => units === 0)).toBe(true);
    expect(empty.sales.daily.revenue.every((revenue) => revenue === '0.00')).toBe(true);

    // Sync health: the two connections with their pending pushes (the sales flagged pushes).
    const pending = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM channel_listings WHERE organization_id = ${s.org} AND push_pending`.execute(
      t.db.db,
    );
    expect(body.sync).toMatchObject(await syncBySql(s.org));
    expect(body.sync.connected).toBeGreaterThanOrEqual(2);
    expect(body.sync.pushesPending).toBe(Number(pending.rows[0]!.n));
    expect(body.sync.pushesPending).toBeGreaterThan(0);
    // Each connection in platform (the enum's order) and alias order, its last full stock check
    // to the millisecond (the summary's statement reads it as JSON text).
    await sql`UPDATE platform_connections SET reconciled_at = '2026-03-04 05:06:07.891734+00'
              WHERE id = ${s.connections[0]!.id}::uuid`.execute(t.db.db);
    const stored = await sql<{ id: string; at: string | null }>`
      SELECT id, to_char(reconciled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM platform_connections WHERE organization_id = ${s.org} AND status <> 'disconnected'
      ORDER BY platform, alias`.execute(t.db.db);
    expect(stored.rows.map((r) => r.at)).toContain('2026-03-04T05:06:07.891Z');
    const checked = (await summary(s.user)).json<AnalyticsSummary>();
    expect(checked.sync.connections.map((c) => [c.connectionId, c.lastReconciledAt])).toEqual(
      stored.rows.map((r) => [r.id, r.at]),
    );
    await sql`UPDATE platform_connections SET status = 'needs_reauth' WHERE id = ${s.connections[1]!.id}::uuid`.execute(
      t.db.db,
    );
    await sql`UPDATE platform_connections SET sync_enabled = false WHERE id = ${s.connections[0]!.id}::uuid`.execute(
      t.db.db,
    );
    // Pushes the channel refused for good, counted per connection on the day they failed (today).
    const listings = await sql<{ id: string; connection_id: string }>`
      SELECT cl.id, cl.connection_id FROM channel_listings cl
      WHERE cl.variant_id = ${s.variants[0]!.id}::uuid ORDER BY cl.connection_id`.execute(t.db.db);
    const pushes = new PushesRepository(t.db.db);
    await pushes.recordPushError(listings.rows[0]!.id, '1', 'Item ended');
    await pushes.recordPushError(listings.rows[0]!.id, '2', 'Item ended');
    await pushes.recordPushError(listings.rows[1]!.id, '1', 'Not found');
    await pushes.recordPushed(
      [{ listingId: listings.rows[1]!.id, quantity: 5, seq: '3', at: null }],
      new Date(),
      'drift',
    );
    const today = new Date().toISOString().slice(0, 10);
    const failed = (await summary(s.user, `?from=${today}&to=${today}`)).json<AnalyticsSummary>();
    expect(failed.sync.pushesFailed).toBe(3);
    const byConnection = Object.fromEntries(
      failed.sync.connections.map((c) => [c.connectionId, c.pushesFailed]),
    );
    expect(byConnection[listings.rows[0]!.connection_id]).toBe(2);
    expect(byConnection[listings.rows[1]!.connection_id]).toBe(1);
    expect(body.sync.pushesFailed).toBe(0); // none in March

    const later = (
      await summary(s.user, '?from=2026-03-01&to=2026-03-10')
    ).json<AnalyticsSummary>();
    expect(later.sync).toMatchObject(await syncBySql(s.org));
    expect(later.sync.needsReauth).toBe(1);
    expect(later.sync.syncOff).toBe(1);
  });

  it('keeps the catalogue figures equal to SQL through edits, stock changes, bulk updates and deletions', async () => {
    const s = await seller(47);
    await expectSummaryMatchesSql(s, '2026-01-01', '2026-01-31');
    const [a, b, c] = s.variants;
    await orgCall(t, s.user, 'POST', '/v1/variants/cost', { variant_id: a!.id, cost: 0 });
    await orgCall(t, s.user, 'POST', '/v1/variants/cost', { variant_id: b!.id, cost: 12.34 });
    await sell(s, '2026-01-05T10:00:00Z', 0, [{ variant: 2, quantity: 45, price: '1.00' }]);
    await sql`UPDATE product_variants SET available_qty = available_qty + 7, current_price = current_price + 1
              WHERE organization_id = ${s.org} AND position = 2`.execute(t.db.db);
    await sql`UPDATE product_variants SET sku = 'NEW-SKU-47' WHERE id = ${c!.id}::uuid`.execute(
      t.db.db,
    );
    await sql`DELETE FROM products WHERE id IN (SELECT product_id FROM product_variants
              WHERE organization_id = ${s.org} ORDER BY id LIMIT 3)`.execute(t.db.db);
    await sql`UPDATE organizations SET low_stock_threshold = 50 WHERE id = ${s.org}::uuid`.execute(
      t.db.db,
    );
    const response = await summary(s.user, '?from=2026-01-01&to=2026-01-31');
    const body = response.json<AnalyticsSummary>();
    expect(body.catalogue).toMatchObject(await catalogueBySql(s.org, 50));
    expect(body.catalogue.lowStockThreshold).toBe(50);
    expect(body.catalogue.oversold).toBeGreaterThan(0);
  });

  it('answers exact best sellers and series for ranges that cut months, span them or hold none whole', async () => {
    const s = await seller(61);
    // Sales on month edges (last and first days) and inside months, over February to May; the
    // units make the best sellers of a range differ from those of its whole months.
    const days = ['02-01', '02-28', '03-01', '03-05', '03-31', '04-01', '04-10', '04-30', '05-01'];
    for (let i = 0; i < 27; i++) {
      // Half the sales folded into the aggregates, the rest still pending: both are read.
      if (i === 14) await fold();
      const day = days[i % days.length]!;
      await sell(s, `2026-${day}T${String(10 + (i % 12)).padStart(2, '0')}:00:00Z`, i % 2, [
        { variant: (i * 5) % 12, quantity: 1 + ((i * 7) % 4), price: `${i}.25` },
        ...(i % 3 === 0 ? [{ variant: 11 - (i % 12), quantity: 2 }] : []),
      ]);
    }
    const ranges = [
      ['2026-02-15', '2026-05-03'], // two whole months and both edges
      ['2026-03-01', '2026-03-31'], // one whole month, no edges
      ['2026-01-31', '2026-03-01'], // a whole month and one day each side
      ['2026-03-05', '2026-04-10'], // no whole month
      ['2026-02-28', '2026-04-30'], // a day before two whole months
      ['2026-02-01', '2026-02-27'], // a month's start, not its end
      ['2025-06-01', '2026-06-01'], // 366 days: a block of 256 days and its edges
    ] as const;
    for (const [from, to] of ranges) {
      const body = await expectSummaryMatchesSql(s, from, to);
      expect(body.sales.topVariants.length).toBeGreaterThan(0);
    }
    // Reading 1, 2 or 3 rows per block proves the answer or reads more; whichever attempt
    // answers, the best sellers are those direct SQL computes.
    const topSellers = new TopSellersRepository(t.db.db);
    const brief = (rows: { variant_id: string; units: string; revenue: string }[]) =>
      rows.map((r) => ({ variant_id: r.variant_id, units: r.units, revenue: r.revenue }));
    for (const reads of [
      [1, null],
      [2, null],
      [3, 1, null],
    ]) {
      for (const [from, to] of ranges) {
        const range = { organizationId: s.org, from, to };
        const expected = (await salesBySql(s.org, from, to)).top;
        expect(brief(await topSellers.topVariants(range, 10, reads))).toEqual(expected);
        const five = await topSellers.topVariants(range, 5, reads);
        expect(brief(five)).toEqual(expected.slice(0, 5));
      }
    }
    // The summary's statement runs the first attempt: an unproven one goes on with the next.
    let unproven = 0;
    for (const [from, to] of ranges) {
      const range = { organizationId: s.org, from, to };
      const first = (await topSellersAttempt(range, 10, 1).execute(t.db.db)).rows[0]!;
      if (!first.proven) unproven++;
      const expected = (await salesBySql(s.org, from, to)).top;
      expect(brief(await topSellers.after(first, range, 10, [1, null]))).toEqual(expected);
    }
    expect(unproven).toBeGreaterThan(0);
    // One row per block without reading more: an answer it cannot prove is refused, never given.
    for (const [from, to] of ranges) {
      const range = { organizationId: s.org, from, to };
      const expected = (await salesBySql(s.org, from, to)).top;
      const answer = await topSellers.topVariants(range, 10, [1]).then(brief, () => null);
      if (answer) expect(answer).toEqual(expected);
    }
    // Folded, every figure stays what SQL computes (the currencies from their blocks), and the
    // aggregates agree with each other: every span of blocks and the channel days.
    await fold();
    await expectSummaryMatchesSql(s, '2026-02-15', '2026-05-03');
    for (const [from, to] of ranges) {
      const body = await expectSummaryMatchesSql(s, from, to);
      expect(body.sales.revenueByCurrency.length).toBeGreaterThan(0);
    }
    const check = await sql<{ span: number | null; total: string }>`
      SELECT span, sum(units) || '/' || sum(revenue) AS total FROM analytics_sales_variant_blocks
      WHERE organization_id = ${s.org} GROUP BY span
      UNION ALL
      SELECT NULL, sum(units) || '/' || sum(revenue) FROM analytics_sales_channel_daily
      WHERE organization_id = ${s.org}`.execute(t.db.db);
    expect(check.rows).toHaveLength(6);
    expect(new Set(check.rows.map((r) => r.total)).size).toBe(1);
    const currencies = await sql<{ span: number; total: string }>`
      SELECT span, string_agg(currency || ' ' || units || '/' || revenue || '/' || estimated_units
                              || '/' || estimated_revenue, ', ' ORDER BY currency) AS total
      FROM (SELECT span, currency, sum(units) AS units, sum(revenue) AS revenue,
                   sum(estimated_units) AS estimated_units,
                   sum(estimated_revenue) AS estimated_revenue
            FROM analytics_sales_currency_blocks WHERE organization_id = ${s.org}
            GROUP BY span, currency) c
      GROUP BY span`.execute(t.db.db);
    expect(currencies.rows).toHaveLength(5);
    expect(new Set(currencies.rows.map((r) => r.total)).size).toBe(1);
  });

  it('counts the sales a channel reports while its sync is off, pending and folded', async () => {
    const s = await seller(67);
    for (const connection of s.connections) {
      const off = await orgCall(t, s.user, 'POST', '/v1/sync/toggle', { pc_id: connection.id });
      expect(off.statusCode).toBe(200);
      expect(off.json<{ sync_enabled: boolean }>().sync_enabled).toBe(false);
    }
    // Orders still arrive with sync off (only pushes wait): each is a sale of the channel's.
    await sell(s, '2026-06-03T09:00:00Z', 0, [{ variant: 2, quantity: 3, price: '4.50' }]);
    await sell(s, '2026-06-04T09:00:00Z', 1, [{ variant: 5, quantity: 2 }]);
    const pending = await expectSummaryMatchesSql(s, '2026-06-01', '2026-06-30');
    expect(pending.sales.totals.units).toBe(5);
    expect(pending.sales.channels.map((c) => [c.connectionId, c.units])).toEqual([
      [s.connections[0]!.id, 3],
      [s.connections[1]!.id, 2],
    ]);
    expect(pending.sync.syncOff).toBe(2);
    await fold();
    const folded = await expectSummaryMatchesSql(s, '2026-06-01', '2026-06-30');
    expect(folded.sales).toEqual(pending.sales);
  });

  it("keeps a channel's GBP price out of the USD revenue: its units count, its value in GBP", async () => {
    const s = await seller(71);
    // The variant's price came from its TikTok listing, which prices in GBP (docs/decisions/0054).
    const gbp = s.variants[4]!.id;
    await sql`UPDATE channel_listings SET price = 8.00, currency = 'GBP'
              WHERE variant_id = ${gbp}::uuid AND connection_id = ${s.connections[1]!.id}::uuid`.execute(
      t.db.db,
    );
    await sql`UPDATE product_variants SET current_price = 8.00 WHERE id = ${gbp}::uuid`.execute(
      t.db.db,
    );
    // Without a price: valued at the listing's 8.00 GBP, never as 8.00 USD.
    await sell(s, '2026-07-02T10:00:00Z', 1, [{ variant: 4, quantity: 3 }]);
    await sell(s, '2026-07-02T11:00:00Z', 0, [
      { variant: 4, quantity: 2, price: '7.50', currency: 'GBP' },
    ]);
    await sell(s, '2026-07-03T10:00:00Z', 0, [{ variant: 4, quantity: 1, price: '11.00' }]);
    // A variant priced in USD, sold without a price: estimated at its 3.99 USD.
    await sell(s, '2026-07-03T11:00:00Z', 1, [{ variant: 0, quantity: 2 }]);
    const body = await expectSummaryMatchesSql(s, '2026-07-01', '2026-07-31');
    expect(body.sales.totals).toEqual({ units: 8, revenue: '18.98' });
    expect(body.sales.estimated).toMatchObject({ units: 2, revenue: '7.98' });
    expect(body.sales.unvaluedUnits).toBe(5);
    expect(body.sales.revenueByCurrency).toEqual([
      { currency: 'USD', units: 1, revenue: '11.00', estimatedUnits: 0, estimatedRevenue: '0.00' },
      { currency: 'GBP', units: 5, revenue: '39.00', estimatedUnits: 3, estimatedRevenue: '24.00' },
    ]);
    const top = body.sales.topVariants.find((v) => v.variantId === gbp);
    expect(top).toMatchObject({ units: 6, revenue: '11.00' });
    await fold();
    expect(await expectSummaryMatchesSql(s, '2026-07-01', '2026-07-31')).toEqual(body);
  });

  it('answers amounts past 2^53 hundredths to the cent', async () => {
    // numeric(16,2) holds more hundredths than a JSON number does exactly: the series is read
    // again with its revenue as text. Written straight into the aggregate, as a fold would.
    const user = await signIn(t);
    const org = user.firstOrgId;
    const connection = await newConnection(t.db.db, org, 'ebay', 'big');
    await sql`
      INSERT INTO analytics_sales_channel_daily (organization_id, day, connection_id, units, revenue,
                                                 estimated_units, estimated_revenue)
      VALUES (${org}, '2026-03-01', ${connection}, 9, 90071992547409.95, 0, 0),
             (${org}, '2026-03-02', ${connection}, 1, 0.07, 0, 0)`.execute(t.db.db);
    const response = await summary(user, '?from=2026-03-01&to=2026-03-03');
    expect(response.statusCode).toBe(200);
    const { sales } = response.json<AnalyticsSummary>();
    expect(sales.totals).toEqual({ units: 10, revenue: '90071992547410.02' });
    expect(sales.daily.revenue).toEqual(['90071992547409.95', '0.07', '0.00']);
    expect(sales.channels.map((c) => [c.revenue, c.daily.revenue])).toEqual([
      ['90071992547410.02', ['90071992547409.95', '0.07', '0.00']],
    ]);
  });

  it("answers only the caller's organisation", async () => {
    const first = await seller(53);
    const second = await seller(59);
    await sell(first, '2026-02-10T10:00:00Z', 0, [{ variant: 0, quantity: 5, price: '2.00' }]);
    await sell(second, '2026-02-10T11:00:00Z', 1, [{ variant: 1, quantity: 1, price: '7.00' }]);
    const a = await expectSummaryMatchesSql(first, '2026-02-01', '2026-02-28');
    const b = await expectSummaryMatchesSql(second, '2026-02-01', '2026-02-28');
    expect(a.sales.totals).toEqual({ units: 5, revenue: '10.00' });
    expect(b.sales.totals).toEqual({ units: 1, revenue: '7.00' });
    const own = await sql<{ id: string }>`
      SELECT id FROM platform_connections WHERE organization_id = ${first.org} ORDER BY id`.execute(
      t.db.db,
    );
    expect(a.sync.connections.map((c) => c.connectionId).sort()).toEqual(own.rows.map((r) => r.id));
    expect(a.sync).toMatchObject(await syncBySql(first.org));
    expect(b.sync).toMatchObject(await syncBySql(second.org));
    // Another organisation's id: not a member, so not found, and nothing of it shown.
    const foreign = await summary(first.user, '', second.org);
    expect(foreign.statusCode).toBe(404);
  });

  it('defaults to the last 30 days and refuses bad or reversed ranges naming the field', async () => {
    t.clock.set(new Date('2026-04-15T18:00:00Z'));
    const user = await signIn(t);
    const plain = (await summary(user)).json<AnalyticsSummary>();
    expect(plain).toMatchObject({ from: '2026-03-17', to: '2026-04-15' });
    expect(plain.sales.daily.days).toHaveLength(30);
    expect(plain.sales.firstSaleDay).toBeNull();
    expect(plain.catalogue).toMatchObject({ products: 0, syncedProducts: 0, variants: 0 });
    expect((await summary(user, '?to=2026-01-30')).json<AnalyticsSummary>()).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect((await summary(user, '?from=2026-01-01')).json<AnalyticsSummary>()).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect((await summary(user, '?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    const bad: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2026-1-5', 'to'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?from=2025-01-01&to=2026-01-02', 'to'],
      ['?from=2026-01-01&from=2026-01-02', 'from'],
    ];
    for (const [query, field] of bad) {
      const response = await summary(user, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().field, query).toBe(field);
    }
  });
});
