import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeEmulator, type StripeEmulator } from '@stocksync/emulators';
import { createQueue } from '../../src/jobs/queue';
import { SANDBOX_STRIPE_KEY } from '../../src/modules/billing/sandbox';
import { StripeGateway } from '../../src/modules/billing/stripe-gateway';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { startTestChannels, type TestChannels } from '../support/channels';
import {
  fuzzRequests,
  operationsOf,
  textInEveryField,
  type FuzzRequest,
  type Operation,
} from '../support/fuzz-requests';
import { newConnection, newProduct } from './catalog-fixtures';

/*
 * Issue 20 (Checks): a schema-driven fuzz over every operation of the OpenAPI document. Each
 * request has one thing wrong (types, missing and extra fields, 1 MB strings, controls and NUL,
 * deep nesting, invalid JSON and UTF-8, 100,000-element arrays, NaN/1e309/negative numbers) in
 * the body, query, path or a header, sent as a signed-in owner with some data. It must not get
 * a 5xx; a 4xx must say what is wrong (400/413/414/415 name the field) and change nothing in the
 * database. Seeded: FUZZ_SEED and FUZZ_RUNS (per operation) reproduce or widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** 4xx answers that are about the input and so must name the field. */
const NAMES_FIELD = new Set([400, 413, 414, 415, 422]);

let t: TestApp;
let channels: TestChannels;
let stripeEmulator: StripeEmulator;
let owner: SignedInUser;
let operations: Operation[];
const ids = { org: '', connection: '', product: '', variant: '' };
let checksumSql: ReturnType<typeof sql<{ sum: string }>>;

beforeAll(async () => {
  channels = await startTestChannels();
  stripeEmulator = createStripeEmulator();
  const stripe = new StripeGateway({
    secretKey: SANDBOX_STRIPE_KEY,
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    apiBaseUrl: await stripeEmulator.listen(0),
    sandbox: true,
  });
  t = await createTestApp({
    channels: channels.channels,
    stripe,
    config: { AUTH_CODE_REQUESTS_PER_IP: 1_000_000, AUTH_VERIFY_ATTEMPTS_PER_IP: 1_000_000 },
  });
  await (await createQueue(t.db.pool)).close();

  // Not onboarded yet, so that onboarding is fuzzed too (its first organisation has no name).
  owner = await signIn(t);
  ids.org = owner.firstOrgId;
  ids.connection = await newConnection(t.db.db, ids.org, 'shopify', 'Main Shop');
  const product = await newProduct(t.db.db, ids.org, {
    title: 'Fuzzed Mug',
    variants: [{ sku: 'MUG-1', qty: 5, listedOn: [ids.connection] }],
  });
  ids.product = product.id;
  ids.variant = product.variantIds[0]!;

  const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
  // Signing out ends the owner's session: that operation goes last, so the others run signed in.
  const signsOut = (op: Operation) => (op.path === '/v1/auth/logout' ? 1 : 0);
  operations = operationsOf(doc.json()).sort((a, b) => signsOut(a) - signsOut(b));

  // Every table of ours, each as one md5 of its rows: any write shows.
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not like 'kysely_%' order by table_name`.execute(t.db.db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`select ${name} || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as part
          from ${sql.table(name)} x`,
  );
  checksumSql = sql<{
    sum: string;
  }>`select string_agg(part, ' ' order by part) as sum from (${sql.join(
    parts,
    sql` union all `,
  )}) p`;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await channels?.close();
  await stripeEmulator?.close();
});

async function checksum(): Promise<string> {
  return (await checksumSql.execute(t.db.db)).rows[0]!.sum;
}

/** The owner's own ids for body and query fields, so that only the fuzzed part is wrong. */
function uuidFor(name: string): string {
  if (name === 'pc_id') return ids.connection;
  if (name === 'variant_id') return ids.variant;
  if (name === 'ids' || name === 'product_id') return ids.product;
  return '00000000-0000-4000-8000-000000000000';
}

function pathValue(op: Operation, name: string): string {
  if (name === 'platform') return 'shopify';
  if (op.path.startsWith('/v1/organizations')) return ids.org;
  if (op.path.startsWith('/v1/products')) return ids.product;
  if (op.path.startsWith('/v1/platforms') || op.path.startsWith('/v1/connections')) {
    return ids.connection;
  }
  return '00000000-0000-4000-8000-000000000000';
}

/** The reasons a request's answer is wrong, or [] when it is acceptable. */
function problemsWith(status: number, body: string): string[] {
  if (status >= 500) return [`answered ${status}: ${body.slice(0, 300)}`];
  if (status < 400) return [];
  let json: { error?: unknown; field?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return [`answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`];
  }
  const problems: string[] = [];
  if (typeof json.error !== 'string' || json.error === '' || json.error === 'Bad Request') {
    problems.push(`answered ${status} without saying what is wrong: ${body.slice(0, 200)}`);
  }
  if (NAMES_FIELD.has(status) && (typeof json.field !== 'string' || json.field === '')) {
    problems.push(`answered ${status} without naming the field: ${body.slice(0, 200)}`);
  }
  return problems;
}

let lastSum = '';

async function text(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function check(request: FuzzRequest): Promise<void> {
  if (!lastSum) lastSum = await checksum();
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    // GET /v1/events answers a stream that stays open: its head is the answer.
    payloadAsStream: true,
  });
  const streams = String(res.headers['content-type']).startsWith('text/event-stream');
  const problems = problemsWith(res.statusCode, streams ? '' : await text(res.stream()));
  const after = await checksum();
  if (res.statusCode >= 400 && after !== lastSum) {
    problems.push(`answered ${res.statusCode} but changed the database`);
  }
  lastSum = after;
  if (problems.length > 0) throw new Error(`${request.description}\n  ${problems.join('\n  ')}`);
}

describe('fuzz over every operation of the OpenAPI document', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each([
    ['a NUL', 'Fuzz\u0000Shop'],
    ['a bidi override', 'Evil\u202eCorp'],
    ['C0 and C1 controls', 'Fuzz\u0007\u009bShop'],
  ])(
    'refuses %s in every text field of every operation, or takes it harmlessly',
    async (_label, text) => {
      const failures: string[] = [];
      for (const op of operations) {
        const ctx = {
          headers: { ...owner.headers, 'x-organization-id': ids.org },
          pathValue,
          uuidFor,
        };
        for (const request of textInEveryField(op, ctx, text)) {
          await check(request).catch((error: Error) => failures.push(error.message));
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('answers every hostile request with a 4xx that names the problem, or a success', async () => {
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      const seed = SEED + index;
      const result = await fc.check(
        fc.asyncProperty(
          fuzzRequests(op, {
            headers: { ...owner.headers, 'x-organization-id': ids.org },
            pathValue,
            uuidFor,
          }),
          check,
        ),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : '';
        failures.push(
          `${op.method} ${op.path} (seed ${seed}, path ${result.counterexamplePath}): ${error}`,
        );
      }
    }
    expect(failures, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
  }, 300_000);
});
