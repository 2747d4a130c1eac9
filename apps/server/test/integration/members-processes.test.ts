import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopServer, waitForHealth } from '../../../../e2e/support/server-process';
import { uniqueEmail } from '../support/app';
import { freePort } from '../support/jobs';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/*
 * Issue 24 (Checks): a removed member's next request is refused, and a new role counts, whichever
 * server process serves it: two real server processes (`tsx src/main.ts`) on one database, each
 * with its own two-second membership cache. The member's call on process B right before the
 * change fills B's cache; the change is made through process A.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
let db: TestDatabase;
let smtp: SmtpCapture;
let dir: string;
const servers: { url: string; child: ChildProcess }[] = [];

async function startServer(): Promise<void> {
  const port = await freePort();
  const logFile = path.join(dir, `server-${servers.length}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        SMTP_URL: smtp.url,
        APP_URL: `http://127.0.0.1:${port}`,
        APP_SECRET: 'members-processes-secret-members-processes-0123',
        DATA_DIR: path.join(dir, `data-${servers.length}`),
        LOG_LEVEL: 'warn',
        RUN_WORKER: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  servers.push({ url, child });
  try {
    await waitForHealth(url, child, 90_000);
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
      { cause: error },
    );
  }
}

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startSmtpCapture()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'members-processes-'));
  await startServer();
  await startServer();
}, 200_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s.child)));
  await smtp?.close();
  await db?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Session {
  token: string;
  userId: string;
  orgId: string;
  email: string;
}

async function call(
  server: number,
  session: Session | null,
  method: string,
  url: string,
  body?: object,
) {
  const response = await fetch(`${servers[server]!.url}${url}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(session ? { 'x-organization-id': session.orgId } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

async function signIn(server: number, email: string, invitation?: string): Promise<Session> {
  await call(server, null, 'POST', '/v1/auth/login', { email });
  const code = await smtp.waitForCode(email);
  const verified = await call(server, null, 'POST', '/v1/auth/verify', { email, code, invitation });
  const user = verified.json.user as { id: string; orgs: { id: string }[] };
  return {
    token: verified.json.access_token as string,
    userId: user.id,
    orgId: user.orgs[0]!.id,
    email,
  };
}

function invitationToken(email: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  return /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1]!;
}

describe('membership changes across server processes', () => {
  it('refuses a removed member on the very next request, and applies a new role at once', async () => {
    const owner = await signIn(0, uniqueEmail('owner'));
    const email = uniqueEmail('member');
    const invited = await call(0, owner, 'POST', `/v1/organizations/${owner.orgId}/invitations`, {
      email,
      role: 'member',
    });
    expect(invited.status).toBe(201);
    const member = { ...(await signIn(1, email, invitationToken(email))), orgId: owner.orgId };
    const costOf = (server: number) =>
      call(server, member, 'POST', '/v1/variants/cost', {
        variant_id: '00000000-0000-4000-8000-000000000000',
        cost: 1,
      });

    // A member may change costs (404: no such variant); on B, filling B's membership cache.
    expect((await costOf(1)).status).toBe(404);
    const demoted = await call(
      0,
      owner,
      'PATCH',
      `/v1/organizations/${owner.orgId}/members/${member.userId}`,
      { role: 'viewer' },
    );
    expect(demoted.status).toBe(204);
    expect((await costOf(1)).status).toBe(403);

    expect((await call(1, member, 'GET', '/v1/products')).status).toBe(200);
    const removed = await call(
      0,
      owner,
      'DELETE',
      `/v1/organizations/${owner.orgId}/members/${member.userId}`,
    );
    expect(removed.status).toBe(204);
    expect((await call(1, member, 'GET', '/v1/products')).status).toBe(404);
  }, 60_000);
});
