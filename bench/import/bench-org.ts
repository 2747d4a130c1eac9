import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createShopifyEmulator } from '@stocksync/emulators';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { createQueue } from '../../apps/server/src/jobs/queue';

/**
 * A fresh user, organisation (its owner) and Shopify sandbox connection to `shop`, written
 * directly: the import benchmarks measure imports, not sign-up and OAuth.
 */
export async function benchOrg(
  pool: pg.Pool,
  input: { label: string; shop: string; accessTokenEnc: string },
): Promise<{ userId: string; orgId: string; pcId: string }> {
  const q = async <T>(text: string, values: unknown[]) =>
    (await pool.query(text, values)).rows[0] as T;
  const user = await q<{ id: string }>(
    `INSERT INTO users (email, verified_at) VALUES ($1, now()) RETURNING id`,
    [`bench-${input.label}-${Date.now()}@example.com`],
  );
  const org = await q<{ id: string }>(
    `INSERT INTO organizations (name, currency) VALUES ($1, 'USD') RETURNING id`,
    [`Bench ${input.label}`],
  );
  await q(`INSERT INTO memberships (user_id, organization_id, role) VALUES ($1, $2, 'owner')`, [
    user.id,
    org.id,
  ]);
  const pc = await q<{ id: string }>(
    `INSERT INTO platform_connections (organization_id, platform, alias, external_account_id,
       shop_domain, access_token_enc, sandbox) VALUES ($1, 'shopify', 'bench', $2, $2, $3, true)
     RETURNING id`,
    [org.id, input.shop, input.accessTokenEnc],
  );
  return { userId: user.id, orgId: org.id, pcId: pc.id };
}

/**
 * A fresh embedded PostgreSQL in a temp dir (migrated, with the job queue's schema), its pool, and
 * a Shopify emulator store of `products` products (3 variants on average) listening. `close`
 * stops the emulator and the database and removes the dir; the caller closes `api`.
 */
export async function benchWorld(label: string, shop: string, products: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `stocksync-${label}-`));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  const url = embedded.connectionString;
  await migrate(url);
  const api = createDb(url);
  await (await createQueue(api.pool)).close();
  const emulator = createShopifyEmulator({
    shops: [{ domain: shop, products, variantsPerProduct: 3, plan: 'standard', seed: 7 }],
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
  });
  const base = await emulator.listen();
  return {
    url,
    api,
    emulator,
    base,
    async close() {
      await emulator.close();
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
