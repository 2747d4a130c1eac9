import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { openStream, type Received, type TestStream } from '../support/live-events';
import { orgCall } from './catalog-fixtures';

/*
 * A live event never makes a write fail, whatever the statement's size (docs/decisions/0048): a
 * single statement changing thousands of rows commits, its organisation's stream gets one event
 * for it whose data is bounded (no ids beyond a fixed number: `many`), and a client
 * resuming from before it is sent it.
 */

const PRODUCTS = 4_000;
/** What one event may take on the wire at most, envelope included (ADR 0048, bounded events). */
const EVENT_BUDGET = 8_000;

let t: TestApp;
let url: string;
let owner: SignedInUser;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestApp({});
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signIn(t);
  // Seeded directly: PRODUCTS products of one variant each, sync off.
  await t.db.pool.query(
    `WITH p AS (
       INSERT INTO products (organization_id, title)
       SELECT $1, 'Bulk live ' || n FROM generate_series(1, $2::int) n RETURNING id, title)
     INSERT INTO product_variants (organization_id, product_id, title, sku)
     SELECT $1, p.id, 'Default', 'BL-' || substr(p.id::text, 1, 13) FROM p`,
    [owner.firstOrgId, PRODUCTS],
  );
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

async function stream(lastEventId?: string) {
  const opened = openStream(url, owner.accessToken, owner.firstOrgId, lastEventId);
  streams.push(opened);
  await opened.ready;
  return opened;
}

/** The event as a stream sends it, measured in bytes. */
async function eventBytes(event: Received): Promise<number> {
  const { rows } = await t.db.pool.query<{ bytes: number }>(
    `SELECT octet_length(json_build_object('id', id, 'organization_id', organization_id,
              'kind', kind, 'data', data)::text) AS bytes
     FROM live_events WHERE id = $1`,
    [event.id],
  );
  return rows[0]!.bytes;
}

/** The event counts the statement's rows without naming them, in a small message. */
async function expectCounted(event: Received, list: string) {
  expect(event.data.many).toBe(true);
  expect(event.data[list]).toBeUndefined();
  expect(await eventBytes(event)).toBeLessThan(EVENT_BUDGET / 4);
}

describe('live events of statements changing many rows', () => {
  it('turns sync on for every selected product in one statement and sends one bounded event', async () => {
    const client = await stream();
    const res = await orgCall(t, owner, 'POST', '/v1/products/sync', {
      all_selected: true,
      filters: { search: 'bulk live' },
      is_synced: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(PRODUCTS);
    const event = await client.waitFor((e) => e.kind === 'sync' && e.data.count === PRODUCTS);
    await expectCounted(event, 'product_ids');
  });

  it('adds thousands of ledger entries in one statement; a client resuming from before gets the event', async () => {
    const lastSeen = await lastEventId();
    const inserted = await t.db.pool.query(
      `INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
                                     cause, idempotency_key, created_at)
       SELECT organization_id, id, 3, available_qty, available_qty + 3, 'import',
              'bulk-live-' || id, now()
       FROM product_variants WHERE organization_id = $1`,
      [owner.firstOrgId],
    );
    expect(inserted.rowCount).toBe(PRODUCTS);
    const resumed = await stream(lastSeen);
    expect(resumed.reset()).toBe(false);
    const event = await resumed.waitFor((e) => e.kind === 'stock' && e.data.count === PRODUCTS);
    await expectCounted(event, 'variants');
  });

  it('changes thousands of listings in one statement and sends one bounded event', async () => {
    const client = await stream();
    const { rows } = await t.db.pool.query<{ id: string }>(
      `INSERT INTO platform_connections (organization_id, platform, alias)
       VALUES ($1, 'shopify', 'bulk-live') RETURNING id`,
      [owner.firstOrgId],
    );
    await t.db.pool.query(
      `INSERT INTO channel_listings (organization_id, variant_id, connection_id,
                                     external_product_id, external_variant_id)
       SELECT organization_id, id, $2, 'p-' || id, 'v-' || id FROM product_variants
       WHERE organization_id = $1`,
      [owner.firstOrgId, rows[0]!.id],
    );
    const event = await client.waitFor((e) => e.kind === 'listing' && e.data.count === PRODUCTS);
    await expectCounted(event, 'variant_ids');
  });

  it('cuts any event over its budget to a count, so that a large activity entry still commits', async () => {
    const client = await stream();
    // A row trigger's event carries the row's text; one past NOTIFY's limit once failed the insert.
    await t.db.pool.query(
      `INSERT INTO activity_logs (organization_id, activity, note, status)
       VALUES ($1, 'Imported ' || repeat('x', 9000), '', 'success')`,
      [owner.firstOrgId],
    );
    const event = await client.waitFor((e) => e.kind === 'activity');
    expect(event.data).toEqual({ many: true });
  });
});

async function lastEventId(): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>(
    `SELECT coalesce(max(id), 0)::text AS id FROM live_events WHERE organization_id = $1`,
    [owner.firstOrgId],
  );
  return rows[0]!.id;
}
