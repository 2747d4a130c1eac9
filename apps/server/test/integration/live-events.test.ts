import type { AddressInfo } from 'node:net';
import { runOnce } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, type DbHandle } from '../../src/db/client';
import { createQueue } from '../../src/jobs/queue';
import { buildTaskList, workerLogger } from '../../src/jobs/worker';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  signIn,
  TEST_SECRET,
  type SignedInUser,
  type TestApp,
} from '../support/app';
import { connectShopify, startTestChannels, type TestChannels } from '../support/channels';
import { openStream, type Received, type TestStream } from '../support/live-events';
import { newConnection, newProduct, orgCall } from './catalog-fixtures';
import { inviteAndAccept } from './members-fixtures';

/*
 * Issue 22 item 1: GET /v1/events over real HTTP on a real PostgreSQL. Every change kind reaches
 * the organisation's stream, never another organisation's; a change made through one server
 * process reaches a client of another; a client that drops and resumes with Last-Event-ID misses
 * nothing.
 */

let t: TestApp;
let channels: TestChannels;
let second: { app: FastifyInstance; db: DbHandle };
let urls: { first: string; second: string };
let owner: SignedInUser;
let stranger: SignedInUser;
const streams: TestStream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  channels = await startTestChannels({ shopifyProducts: 3 });
  t = await createTestApp({ channels: channels.channels, liveEvents: { heartbeatMs: 200 } });
  await (await createQueue(t.db.pool)).close();
  // A second server process on the same database: its own pool, its own LISTEN connection.
  const db = createDb(t.db.url, { max: 3 });
  const app = await buildApp(
    {
      APP_SECRET: TEST_SECRET,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      SMTP_URL: undefined,
      MAIL_FROM: 'StockSync <no-reply@stocksync.test>',
      API_RATE_LIMIT_PER_MINUTE: 1_000_000,
    },
    { db: db.db, logger: false, webDist: false, databaseUrl: t.db.url },
  );
  second = { app, db };
  urls = { first: await listen(t.app), second: await listen(second.app) };
  owner = await signIn(t);
  stranger = await signIn(t);
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await second?.app.close();
  await second?.db.close();
  await t?.close();
  await channels?.close();
});

async function stream(url: string, user: SignedInUser, lastEventId?: string, org?: string) {
  const opened = openStream(url, user.accessToken, org ?? user.firstOrgId, lastEventId);
  streams.push(opened);
  await opened.ready;
  return opened;
}

function setQuantity(variantId: string, quantity: number, user = owner) {
  return orgCall(t, user, 'POST', '/v1/variants/quantity', { variant_id: variantId, quantity });
}

const stockOf = (variantId: string, quantity: number) => (event: Received) =>
  event.kind === 'stock' &&
  (event.data.variants as { variant_id: string; quantity: number }[]).some(
    (v) => v.variant_id === variantId && v.quantity === quantity,
  );

describe('GET /v1/events', () => {
  it('refuses a call without a token, organisation or membership, and a bad Last-Event-ID', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/v1/events' });
    expect(noToken.statusCode).toBe(401);
    const noOrg = await t.app.inject({ method: 'GET', url: '/v1/events', headers: owner.headers });
    expect(noOrg.statusCode).toBe(400);
    const notMember = await orgCall(t, stranger, 'GET', '/v1/events', undefined, owner.firstOrgId);
    expect(notMember.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'GET',
      url: '/v1/events',
      headers: { ...owner.headers, 'x-organization-id': owner.firstOrgId, 'last-event-id': 'x1' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('last-event-id');
  });

  it('streams stock, listing, sync and activity changes as they commit, and heartbeats', async () => {
    const client = await stream(urls.first, owner);
    const connection = await newConnection(t.db.db, owner.firstOrgId, 'shopify');
    const product = await newProduct(t.db.db, owner.firstOrgId, {
      isSynced: true,
      variants: [{ sku: 'LIVE-1', qty: 5, listedOn: [connection] }],
    });
    const variant = product.variantIds[0]!;
    expect((await setQuantity(variant, 7)).statusCode).toBe(200);
    const stock = await client.waitFor(stockOf(variant, 7));
    expect(stock.data).toMatchObject({
      count: 1,
      variants: [{ product_id: product.id, change: 2, cause: 'manual' }],
    });
    // The synced product's listing was flagged for a push in the same change.
    await client.waitFor(
      (e) => e.kind === 'listing' && (e.data.variant_ids as string[]).includes(variant),
    );
    const off = await orgCall(t, owner, 'POST', '/v1/products/sync', {
      ids: [product.id],
      is_synced: false,
    });
    expect(off.statusCode).toBe(200);
    await client.waitFor(
      (e) => e.kind === 'sync' && ((e.data.product_ids as string[]) ?? []).includes(product.id),
    );
    await client.waitFor(
      (e) => e.kind === 'activity' && e.data.activity === 'Product sync updated',
    );
    await client.heartbeat;
  });

  it('sends a statement of many changes as one event that only counts them', async () => {
    const client = await stream(urls.first, owner);
    const product = await newProduct(t.db.db, owner.firstOrgId, {
      variants: Array.from({ length: 60 }, (_, i) => ({ sku: `BULK-${i}`, qty: 0 })),
    });
    // One statement adding 60 ledger entries, as an import's does.
    await t.db.pool.query(
      `INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
                                     cause, idempotency_key, created_at)
       SELECT $1, id, 4, 0, 4, 'import', 'bulk-' || id, now()
       FROM product_variants WHERE product_id = $2`,
      [owner.firstOrgId, product.id],
    );
    const bulk = await client.waitFor((e) => e.kind === 'stock' && e.data.count === 60);
    expect(bulk.data).toEqual({ count: 60, many: true });
  });

  it('streams an import as it is queued, runs and ends', async () => {
    const client = await stream(urls.first, owner);
    const pcId = await connectShopify(t, owner);
    await client.waitFor((e) => e.kind === 'sync' && e.data.connection_id === pcId);
    const started = await orgCall(t, owner, 'POST', '/v1/import/shopify', {
      pc_id: pcId,
      all: true,
    });
    expect(started.statusCode).toBe(202);
    const importId = started.json<{ import_id: string }>().import_id;
    await client.waitFor((e) => e.kind === 'import' && e.data.import_id === importId);
    await runOnce({
      pgPool: t.db.pool,
      taskList: buildTaskList({
        auth: t.app.services.auth,
        connections: t.app.services.connections,
        imports: t.app.services.imports,
      }),
      logger: workerLogger({ debug() {}, info() {}, warn() {}, error() {} }),
      noHandleSignals: true,
    });
    const done = await client.waitFor(
      (e) => e.kind === 'import' && e.data.import_id === importId && e.data.status === 'completed',
    );
    expect(done.data.done).toBe(3);
  });

  it("never sends one organisation's events to another's stream", async () => {
    const theirs = await stream(urls.first, stranger);
    const ours = await stream(urls.first, owner);
    const product = await newProduct(t.db.db, owner.firstOrgId, { variants: [{ qty: 1 }] });
    const foreign = await newProduct(t.db.db, stranger.firstOrgId, { variants: [{ qty: 1 }] });
    await setQuantity(product.variantIds[0]!, 2);
    await setQuantity(foreign.variantIds[0]!, 3, stranger);
    await ours.waitFor(stockOf(product.variantIds[0]!, 2));
    // The stranger's own change arrives after the owner's committed: the owner's would be here.
    await theirs.waitFor(stockOf(foreign.variantIds[0]!, 3));
    const seen = JSON.stringify(theirs.events);
    expect(seen).not.toContain(product.variantIds[0]!);
    expect(seen).not.toContain(product.id);
    expect(JSON.stringify(ours.events)).not.toContain(foreign.variantIds[0]!);
  });

  it('delivers a change made through one server process to a client of another', async () => {
    const onSecond = await stream(urls.second, owner);
    const product = await newProduct(t.db.db, owner.firstOrgId, { variants: [{ qty: 1 }] });
    await setQuantity(product.variantIds[0]!, 11); // through the first process
    await onSecond.waitFor(stockOf(product.variantIds[0]!, 11));
  });

  it('resumes after a dropped connection with Last-Event-ID and loses nothing', async () => {
    const variants = await Promise.all(
      Array.from({ length: 8 }, () =>
        newProduct(t.db.db, owner.firstOrgId, { variants: [{ qty: 0 }] }),
      ),
    );
    const ids = variants.map((p) => p.variantIds[0]!);
    const first = await stream(urls.second, owner);
    const before = first.events.length;
    // Concurrent changes, so ids commit out of order; the client drops in the middle of them.
    const writes = ids.map(async (id) => {
      for (const quantity of [1, 2, 3]) await setQuantity(id, quantity);
    });
    await first.waitFor((_e) => first.events.length > before);
    first.close();
    await Promise.all(writes);
    const lastSeen = first.events.at(-1)!.id;
    const resumed = await stream(urls.first, owner, lastSeen);
    expect(resumed.reset()).toBe(false);
    // Every change to these variants, by the kept events, reached the client before or after.
    const { rows } = await t.db.pool.query<{ id: string }>(
      `SELECT id::text FROM live_events
       WHERE organization_id = $1 AND kind = 'stock'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(data->'variants') v
                     WHERE v->>'variant_id' = ANY($2))`,
      [owner.firstOrgId, ids],
    );
    expect(rows).toHaveLength(24);
    const received = new Set([...first.events, ...resumed.events].map((e) => e.id));
    expect(rows.map((r) => r.id).filter((id) => !received.has(id))).toEqual([]);
    // And each variant's last quantity, taking each id once as the web does, is the latest.
    const seen = new Set<string>();
    const latest = new Map<string, number>();
    for (const event of [...first.events, ...resumed.events]) {
      if (seen.has(event.id) || event.kind !== 'stock') continue;
      seen.add(event.id);
      for (const v of event.data.variants as { variant_id: string; quantity: number }[]) {
        latest.set(v.variant_id, v.quantity);
      }
    }
    expect(ids.map((id) => latest.get(id))).toEqual(ids.map(() => 3));
  });

  it('ends the streams when the membership LISTEN connection is lost; clients resume and miss nothing', async () => {
    const client = await stream(urls.first, owner);
    const product = await newProduct(t.db.db, owner.firstOrgId, { variants: [{ qty: 1 }] });
    const variant = product.variantIds[0]!;
    await setQuantity(variant, 5);
    await client.waitFor(stockOf(variant, 5));
    // Both processes' LISTEN connections go: a removal may have been missed, so streams end.
    await t.db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await client.dropped;
    // Committed while the client is away: the kept events bring it.
    await setQuantity(variant, 6);
    await client.waitFor(stockOf(variant, 6));
  });

  it('tells a client resuming from an event no longer kept to reload everything', async () => {
    const client = await stream(urls.first, owner, '999999999');
    expect(client.reset()).toBe(true);
  });

  it('tells a member whose role changed, alone, and ends their stream; they come back with it', async () => {
    const member = await inviteAndAccept(t, owner, owner.firstOrgId, 'member');
    const client = openStream(urls.second, member.accessToken, owner.firstOrgId);
    streams.push(client);
    await client.ready;
    const bystander = await stream(urls.second, owner);
    const product = await newProduct(t.db.db, owner.firstOrgId, { variants: [{ qty: 1 }] });
    const variant = product.variantIds[0]!;
    // An event first, so that the client resumes from it when it reconnects.
    await setQuantity(variant, 2);
    await client.waitFor(stockOf(variant, 2));
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${owner.firstOrgId}/members/${member.userId}`,
      headers: owner.headers,
      payload: { role: 'viewer' },
    });
    expect(changed.statusCode).toBe(204);
    // Changed through the first process; the streams are on the second.
    await client.membership;
    await client.dropped;
    // A viewer still: the client reconnects by itself, resumes and follows the organisation.
    await setQuantity(variant, 4);
    await client.waitFor(stockOf(variant, 4));
    // The owner's stream had that change after the role change: a `membership` would be before.
    await bystander.waitFor(stockOf(variant, 4));
    expect(bystander.membershipEvents()).toBe(0);
    expect(client.membershipEvents()).toBe(1);
  });

  it("ends a member's stream when they are removed, and refuses it again", async () => {
    const member = await inviteAndAccept(t, owner, owner.firstOrgId, 'viewer');
    const client = openStream(urls.second, member.accessToken, owner.firstOrgId);
    streams.push(client);
    await client.ready;
    const removed = await orgCall(
      t,
      owner,
      'DELETE',
      `/v1/organizations/${owner.firstOrgId}/members/${member.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    // Removed through the first process; the stream was on the second. It was told first.
    await client.membership;
    expect(await client.refused).toBe(404);
  });

  it('limits the streams one user holds open', async () => {
    const limited = await createTestApp({ liveEvents: { maxStreamsPerUser: 1 } });
    try {
      const url = await listen(limited.app);
      const user = await signIn(limited);
      const one = openStream(url, user.accessToken, user.firstOrgId);
      await one.ready;
      const refused = await orgCall(limited, user, 'GET', '/v1/events');
      expect(refused.statusCode).toBe(429);
      one.close();
    } finally {
      await limited.close();
    }
  });
});
