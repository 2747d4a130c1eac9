import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAccess, roleMessages, roles, type Access, type Role } from '@stocksync/contract';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { sampleOf, type JsonSchema } from '../support/fuzz-requests';
import { newConnection, newProduct } from './catalog-fixtures';

/*
 * Issue 24 (Checks): every operation of the OpenAPI document, called by each role of an
 * organisation and by a signed-in non-member, answers as the contract's role matrix says: a
 * role at or above the one needed gets past the check (whatever the handler then answers with
 * the organisation's own ids, but never 401 or 403), a weaker one 403 naming the role needed, a
 * non-member 404; `signed_in` operations answer 401 without a token. An operation without a
 * matrix entry fails the test.
 */

interface DocOperation {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Call {
  operationId: string;
  method: string;
  path: string;
  bodySchema: JsonSchema | null;
  secured: boolean;
}

type Caller = Role | 'non-member';
const callers: Caller[] = [...roles, 'non-member'];

let t: TestApp;
let calls: Call[];
const users = {} as Record<Caller, SignedInUser>;
let orgId: string;
/** The organisation's own data, so that a handler's 404 cannot stand in for the check's. */
const ids = { connection: '', product: '' };

beforeAll(async () => {
  t = await createTestApp();
  users.owner = await signIn(t);
  orgId = users.owner.firstOrgId;
  for (const caller of callers.filter((c) => c !== 'owner')) users[caller] = await signIn(t);
  for (const role of ['admin', 'member', 'viewer'] as const) await join(users[role], role);
  ids.connection = await newConnection(t.db.db, orgId, 'shopify', 'Matrix Shop');
  ids.product = (
    await newProduct(t.db.db, orgId, {
      title: 'Matrix Mug',
      variants: [{ sku: 'MATRIX-1', qty: 5, listedOn: [ids.connection] }],
    })
  ).id;
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
    paths: Record<string, Record<string, DocOperation>>;
  }>();
  calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      bodySchema: op.requestBody?.content?.['application/json']?.schema ?? null,
      secured: (op.security ?? []).length > 0,
    })),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function join(user: SignedInUser, role: Role): Promise<void> {
  await sql`insert into memberships (user_id, organization_id, role, created_at)
            values (${user.userId}, ${orgId}, ${role}, now())
            on conflict do nothing`.execute(t.db.db);
}

const OTHER_ID = '00000000-0000-4000-8000-000000000000';

function urlOf(call: Call): string {
  return call.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'platform') return 'shopify';
    if (name !== 'id') return OTHER_ID;
    if (call.path.startsWith('/v1/organizations/')) return orgId;
    if (call.path.startsWith('/v1/products/')) return ids.product;
    if (/^\/v1\/(platforms|connections)\//.test(call.path)) return ids.connection;
    return OTHER_ID;
  });
}

async function send(call: Call, user: SignedInUser | null) {
  const body = call.bodySchema ? sampleOf(call.bodySchema) : undefined;
  const response = await t.app.inject({
    method: call.method as 'GET',
    url: urlOf(call),
    headers: {
      ...(user ? user.headers : {}),
      'x-organization-id': orgId,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    // GET /v1/events answers a stream that stays open: its head is the answer.
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { status: response.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

async function problemsOf(call: Call, access: Access): Promise<string[]> {
  const problems: string[] = [];
  const name = `${call.method} ${call.path} (${access})`;
  if (access === 'public') {
    if (call.secured) problems.push(`${name}: the document asks for a bearer token`);
    return problems;
  }
  if (!call.secured) problems.push(`${name}: the document says it is public`);
  const anonymous = await send(call, null);
  if (anonymous.status !== 401) problems.push(`${name} without a token: ${anonymous.status}`);
  for (const caller of callers) {
    const result = await send(call, users[caller]);
    const refused = result.status === 403 || result.status === 401;
    if (access === 'signed_in') {
      if (refused) problems.push(`${name} as ${caller}: ${result.status} ${result.body}`);
    } else if (caller === 'non-member') {
      if (result.status !== 404) problems.push(`${name} as non-member: ${result.status}`);
    } else if (roles.indexOf(caller) <= roles.indexOf(access)) {
      if (refused) problems.push(`${name} as ${caller}: ${result.status} ${result.body}`);
    } else if (
      result.status !== 403 ||
      JSON.parse(result.body).error !== roleMessages.required(access, caller)
    ) {
      problems.push(`${name} as ${caller}: expected 403, got ${result.status} ${result.body}`);
    }
    // A member who left (an allowed call of the leave operation) joins again for the next one.
    if (caller !== 'non-member' && caller !== 'owner') await join(users[caller], caller);
  }
  return problems;
}

describe('the role matrix', () => {
  it('has an entry for every operation of the document, and none for operations gone', () => {
    const ids = calls.map((c) => c.operationId);
    expect(ids.filter((id) => !(id in operationAccess))).toEqual([]);
    expect(Object.keys(operationAccess).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("splits the work as the issue says: billing the owner's, connections and members admins'", () => {
    const access = operationAccess;
    expect([
      access.postV1SubscriptionsStripeCheckout,
      access.postV1OrganizationsByIdTransferOwnership,
    ]).toEqual(['owner', 'owner']);
    expect([access.postV1PlatformsShopify, access.deleteV1PlatformsById]).toEqual([
      'admin',
      'admin',
    ]);
    expect([
      access.postV1OrganizationsByIdInvitations,
      access.deleteV1OrganizationsByIdMembersByUserId,
    ]).toEqual(['admin', 'admin']);
    expect([
      access.postV1VariantsCost,
      access.postV1ImportByPlatform,
      access.postV1ProductsSync,
      access.postV1UsersSkuSettingsGenerate,
      access.postV1SyncToggle,
    ]).toEqual(['member', 'member', 'member', 'member', 'member']);
    // Viewers read only: every operation they may call is a read (GET or a preview), or leaving.
    const viewerWrites = Object.entries(access).filter(
      ([id, needed]) =>
        needed === 'viewer' &&
        !id.startsWith('get') &&
        !id.endsWith('Preview') &&
        id !== 'postV1OrganizationsByIdLeave',
    );
    expect(viewerWrites).toEqual([]);
  });

  it('answers every operation for every role and a non-member as the matrix says', async () => {
    const problems: string[] = [];
    for (const call of calls) {
      if (call.path === '/v1/auth/logout') continue; // would end the sessions under test
      const access = (operationAccess as Record<string, Access | undefined>)[call.operationId];
      if (access) problems.push(...(await problemsOf(call, access)));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
