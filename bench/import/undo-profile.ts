/*
 * Where an import's undo spends its time (issue 25 item 3): imports BENCH_PRODUCTS (default 2,000)
 * products of a Shopify emulator store, then undoes the import on a pool of its own, timing every
 * statement the undo sends and reading what PostgreSQL counted meanwhile (trigger functions with
 * track_functions = pl, scans and deletes per table).
 *
 *   npx tsx bench/import/undo-profile.ts          (fresh embedded PostgreSQL in a temp dir)
 *
 * Prints the figures; writes nothing.
 */
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import { encrypt } from '../../apps/server/src/lib/crypto';
import { benchOrg, benchWorld } from './bench-org';
import { importServices } from './services';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SHOP = 'bench-store.myshopify.com';
const quiet = { info() {}, warn: (m: string) => console.warn(m) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times every query sent by clients created from now on, by the statement's first line. */
function timeStatements() {
  const spent = new Map<string, { calls: number; ms: number }>();
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first.text ?? '')).trim();
    const key = text.replace(/\s+/g, ' ').slice(0, 110);
    const started = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise)
      void result.finally(() => {
        const entry = spent.get(key) ?? { calls: 0, ms: 0 };
        entry.calls++;
        entry.ms += performance.now() - started;
        spent.set(key, entry);
      });
    return result;
  } as typeof pg.Client.prototype.query;
  return spent;
}

/**
 * The undo's check for listings linked since, as it was (NOT (id = ANY($3)) as a filter) and as it
 * is (a set difference), on the pool's generic plans, both finding nothing to refuse.
 */
async function compareLaterLinkChecks(pool: pg.Pool, orgId: string, importId: string) {
  const ids = async (kind: string) =>
    (
      await pool.query<{ target_id: string }>(
        `SELECT target_id FROM import_changes WHERE import_id = $1 AND kind = $2`,
        [importId, kind],
      )
    ).rows.map((r) => r.target_id);
  const variants = await ids('variant_created');
  const listings = await ids('listing_created');
  const forms = {
    'NOT (id = ANY(own)) filter': `SELECT pc.platform FROM channel_listings cl
       JOIN platform_connections pc ON pc.id = cl.connection_id
       WHERE cl.organization_id = $1 AND cl.variant_id = ANY($2::uuid[])
         AND NOT (cl.id = ANY($3::uuid[])) LIMIT 1`,
    'EXCEPT (set difference)': `SELECT pc.platform FROM (SELECT cl.id FROM channel_listings cl
         WHERE cl.organization_id = $1 AND cl.variant_id = ANY($2::uuid[])
         EXCEPT SELECT unnest($3::uuid[])) other
       JOIN channel_listings cl ON cl.id = other.id
       JOIN platform_connections pc ON pc.id = cl.connection_id LIMIT 1`,
  };
  for (const [name, text] of Object.entries(forms)) {
    const started = performance.now();
    const { rows } = await pool.query(text, [orgId, variants, listings]);
    const ms = performance.now() - started;
    console.log(`later-link check, ${name}: ${ms.toFixed(0)} ms (${rows.length} found)`);
  }
}

async function main() {
  const world = await benchWorld('undo-profile', SHOP, PRODUCTS);
  const { url, api, emulator, base } = world;
  await api.pool.query(`ALTER SYSTEM SET track_functions = 'pl'`);
  await api.pool.query(`SELECT pg_reload_conf()`);
  const { keys, imports } = importServices(api.db, emulator, base);
  const { userId, orgId, pcId } = await benchOrg(api.pool, {
    label: 'undo-profile',
    shop: SHOP,
    accessTokenEnc: encrypt(emulator.install(SHOP), keys.encryption),
  });
  const body = { pc_id: pcId, all: true } as const;
  const { import_id: importId } = await imports.start(orgId, userId, 'shopify', body);
  await imports.run(importId, { attempts: 1, maxAttempts: 1, log: quiet });
  await compareLaterLinkChecks(api.pool, orgId, importId);
  await api.close(); // its backends exit: their counters are in before the reset

  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  await reader.query(`SELECT pg_stat_reset()`);
  const spent = timeStatements();
  const undoDb = createDb(url, { max: 2 });
  const started = performance.now();
  const result = await importServices(undoDb.db, emulator, base).imports.undo(
    orgId,
    userId,
    importId,
  );
  const undoMs = performance.now() - started;
  await undoDb.close();
  await sleep(1500);

  console.log(`undo of ${PRODUCTS} products: ${(undoMs / 1000).toFixed(2)} s`, result);
  console.log('\nstatements by time (ms, calls):');
  for (const [text, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`${e.ms.toFixed(0).padStart(8)} ${String(e.calls).padStart(5)}  ${text}`);
  const functions = await reader.query(
    `SELECT funcname, calls, round(total_time) AS total_ms, round(self_time) AS self_ms
     FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 15`,
  );
  console.log('\ntrigger and SQL functions:');
  console.table(functions.rows);
  const tables = await reader.query(
    `SELECT relname, seq_scan, seq_tup_read, idx_scan, n_tup_del, n_tup_upd
     FROM pg_stat_user_tables WHERE seq_scan + coalesce(idx_scan, 0) + n_tup_del + n_tup_upd > 0
     ORDER BY seq_tup_read DESC, idx_scan DESC LIMIT 20`,
  );
  console.log('\ntables:');
  console.table(tables.rows);
  await reader.end();
  await world.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
