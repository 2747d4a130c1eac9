import { afterAll, beforeAll, expect } from 'vitest';
import { runOnce } from 'graphile-worker';
import { createQueue, type Queue } from '../../src/jobs/queue';
import { buildTaskList, workerLogger } from '../../src/jobs/worker';
import { ImportsService } from '../../src/modules/imports/service';
import { orgCall } from '../integration/catalog-fixtures';
import { createTestApp, type SignedInUser, type TestApp } from './app';
import { startTestChannels, type TestChannels } from './channels';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Imports run as the product runs them, through the API and graphile-worker (the queue's schema
 * must exist: createQueue), with the job's channel retries waiting 5 ms instead of 250 ms.
 */
export function importHarness(t: TestApp) {
  const s = t.app.services;
  const jobImports = new ImportsService(t.db.db, t.clock, s.connections, s.skus, s.activity, {
    retryBaseMs: 5,
    writeback: s.sync.skuWriteback,
  });

  async function runJobs() {
    await runOnce({
      pgPool: t.db.pool,
      // sync: the SKU write-back jobs an opted-in import queues.
      taskList: buildTaskList({
        auth: s.auth,
        connections: s.connections,
        imports: jobImports,
        sync: s.sync,
      }),
      logger: workerLogger(silent),
      noHandleSignals: true,
    });
  }

  /** Every product of the account's catalogue, page by page, as the import screen reads it. */
  async function remoteAll(user: SignedInUser, pcId: string) {
    const all: {
      external_id: string;
      title: string;
      variants: number;
      product_id: string | null;
    }[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/platforms/products?pc_id=${pcId}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await orgCall(t, user, 'GET', url);
      expect(page.statusCode).toBe(200);
      all.push(...page.json().products);
      cursor = page.json().next_cursor;
    } while (cursor);
    return all;
  }

  /** Starts an import, runs its job, answers the finished import. */
  async function importAndRun(
    user: SignedInUser,
    platform: string,
    body: object,
  ): Promise<Record<string, unknown>> {
    const started = await orgCall(t, user, 'POST', `/v1/import/${platform}`, body);
    expect(started.statusCode).toBe(202);
    const id = started.json().import_id;
    await runJobs();
    return (await orgCall(t, user, 'GET', `/v1/imports/${id}`)).json();
  }

  return { runJobs, remoteAll, importAndRun };
}

/** Our products, variants and listings in the organisation. */
export async function catalogueCounts(t: TestApp, orgId: string) {
  const q = (table: 'products' | 'product_variants' | 'channel_listings') =>
    t.db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    products: await q('products'),
    variants: await q('product_variants'),
    listings: await q('channel_listings'),
  };
}

export interface ImportWorld {
  t: TestApp;
  ch: TestChannels;
  harness: ReturnType<typeof importHarness>;
}

/**
 * A test file's world for imports: the three channel emulators (Shopify with `shopifyProducts`),
 * the app, the job queue's schema and the import harness, set up before its tests and closed after.
 */
export function importWorld(shopifyProducts = 14): ImportWorld {
  const world = {} as ImportWorld;
  let queue: Queue | undefined;
  beforeAll(async () => {
    world.ch = await startTestChannels({ shopifyProducts });
    world.t = await createTestApp({ channels: world.ch.channels });
    queue = await createQueue(world.t.db.pool); // migrates graphile-worker's schema
    world.harness = importHarness(world.t);
  });
  afterAll(async () => {
    await queue?.close();
    await world.t?.close();
    await world.ch?.close();
  });
  return world;
}
