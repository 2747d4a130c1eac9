/*
 * Demo catalogue for development, e2e and benchmarks:
 *
 *   npm run seed -- --products 100000 --variants 3 [--email you@example.com | --org <id or name>] [--seed 7]
 *
 * Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (the same one `npm start`
 * uses; it must not be running at the same time).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../config/repo-root';
import { createDb, type Db } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { migrate } from '../db/migrate';
import { seedCatalog } from '../modules/catalog/seed-catalog';
import { systemClock } from '../lib/clock';
import { OrganizationsService } from '../modules/organizations/service';
import { UsersService } from '../modules/users/service';

const DEFAULT_EMAIL = 'demo@stocksync.local';
const DEMO_ORG_NAME = 'Demo Store';

const usage = `Usage: npm run seed -- [--products N] [--variants N] [--email ADDRESS | --org ID_OR_NAME] [--seed N]
  --products N   products to create (default 1000)
  --variants N   average variants per product (default 3)
  --email A      create or reuse this (verified) user and their first organisation, named "${DEMO_ORG_NAME}" if unnamed (default ${DEFAULT_EMAIL})
  --org X        an existing organisation, by id or by name
  --seed N       random seed for the generated content (default 1)`;

class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number`);
  return n;
}

async function resolveOrganization(
  db: Db,
  args: { org?: string; email?: string },
): Promise<{ id: string; name: string; email?: string }> {
  const organizations = new OrganizationsService(db, systemClock);
  if (args.org) {
    const rows = await organizations.findByIdOrName(args.org);
    if (rows.length === 0) throw new UsageError(`No organisation ${args.org}`);
    if (rows.length > 1) {
      throw new UsageError(
        `Several organisations are named ${args.org}; pass one id: ${rows.map((r) => r.id).join(', ')}`,
      );
    }
    return rows[0]!;
  }
  const users = new UsersService(db, organizations);
  const email = (args.email ?? DEFAULT_EMAIL).trim().toLowerCase();
  const now = systemClock.now();
  const { userId, first } = await db.transaction().execute(async (trx) => {
    const { user } = await users.findOrCreateVerified(email, now, trx);
    const existing = (await organizations.list(user.id, trx))[0];
    return {
      userId: user.id,
      first: existing ?? (await organizations.createFirst(user.id, now, trx, DEMO_ORG_NAME)),
    };
  });
  if (first.name === '') {
    await organizations.nameFirst(userId, { name: DEMO_ORG_NAME, currency: first.currency });
  }
  return { id: first.id, name: first.name || DEMO_ORG_NAME, email };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      variants: { type: 'string' },
      org: { type: 'string' },
      email: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.org && values.email) throw new UsageError('Pass either --org or --email, not both');
  const products = positiveInt('products', values.products, 1000);
  const variants = positiveInt('variants', values.variants, 3);
  const seed = positiveInt('seed', values.seed, 1);
  if (variants < 1) throw new UsageError('--variants must be at least 1');

  let embedded: EmbeddedDatabase | undefined;
  let url = process.env.DATABASE_URL?.trim() || undefined;
  if (!url) {
    const dataDir = process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, '.data');
    try {
      embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
    } catch (error) {
      throw new UsageError(
        `Could not start the embedded PostgreSQL in ${dataDir}: ${(error as Error).message}\n` +
          'If the app is running on this data directory, stop it first, or set DATABASE_URL to its database.',
      );
    }
    url = embedded.connectionString;
  }
  const handle = createDb(url, { max: 2 });
  try {
    await migrate(url);
    const org = await resolveOrganization(handle.db, values);
    console.log(
      `Seeding ${products} products (about ${variants} variants each) into "${org.name}" (${org.id})` +
        (org.email ? ` of ${org.email}` : ''),
    );
    let lastReport = 0;
    const result = await seedCatalog(handle.db, {
      organizationId: org.id,
      products,
      variants,
      seed,
      onProgress: (done, total) => {
        if (Date.now() - lastReport > 2000 || done === total) {
          lastReport = Date.now();
          console.log(`  ${done} / ${total} products`);
        }
      },
    });
    console.log(
      `Done in ${(result.ms / 1000).toFixed(1)} s: ${result.products} products, ${result.variants} variants ` +
        `(${result.variantsWithoutSku} without SKU), ${result.listings} listings on ${result.connections} connections. ` +
        `The organisation now has ${result.organizationProducts} products.`,
    );
  } finally {
    await handle.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${(error as Error).message}\n\n${usage}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
