/* The compiled server in a child process, and signing in to it (product-list benches). */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { startSmtpCapture } from '../../apps/server/test/support/smtp-capture';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');

const log = (message: string) => console.log(`[bench] ${message}`);

/** The environment of a bench server: local database, captured mail, quiet log. */
export function serverEnv(options: {
  url: string;
  port: number;
  smtpUrl: string;
  dataDir: string;
}): Record<string, string> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  return {
    DATABASE_URL: options.url,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'Bench <bench@stocksync.test>',
    // Production default is info (one line per request); warn keeps the log out of the figures.
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
    // The load comes from one user at hundreds of requests per second.
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  };
}

/**
 * The server exactly as `npm start` runs it: build apps/server ahead of time, then node with the
 * start script's flags on dist/main.js (API, job worker and sandbox emulators in one process).
 * BENCH_SERVER_NODE_OPTIONS and `extraFlags` add flags (e.g. --max-semi-space-size=16) for
 * experiments.
 */
export function serverCommand(
  extraFlags: readonly string[] = [],
  bundle = path.join(SERVER_DIR, 'dist/main.js'),
): {
  build: string[];
  run: string[];
} {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const start = /^node build\.mjs && node ((?:--\S+ )*)dist\/main\.js$/.exec(scripts.start ?? '');
  if (!start) throw new Error(`unexpected start script in apps/server: ${scripts.start}`);
  const flags = [
    ...start[1]!.split(' ').filter(Boolean),
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
    ...extraFlags,
  ];
  return {
    build: [path.join(SERVER_DIR, 'build.mjs')],
    run: [...flags, bundle],
  };
}

/**
 * Starts the server and waits for /v1/health. `bundle`: a copy of an earlier build to run as it is
 * (A/B of code changes; it must sit at the depth of apps/server/dist, e.g. apps/server/dist-a),
 * else apps/server is built first.
 */
export async function startServer(
  env: Record<string, string>,
  baseUrl: string,
  extraFlags: readonly string[] = [],
  bundle?: string,
): Promise<ChildProcess> {
  const command = serverCommand(extraFlags, bundle);
  if (!bundle) execFileSync(process.execPath, command.build, { cwd: SERVER_DIR, stdio: 'inherit' });
  log(`server: node ${command.run.map((a) => path.relative(ROOT, a) || a).join(' ')}`);
  const child = spawn(process.execPath, command.run, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering(child, `${baseUrl}/v1/health`, 'server', 60_000);
  return child;
}

/** Migrates the database at `url`, then starts mail capture and the server on a free port. */
export async function startBenchServer(url: string, dataDir: string) {
  await migrate(url);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(serverEnv({ url, port, smtpUrl: smtp.url, dataDir }), baseUrl);
  return { smtp, baseUrl, server };
}

/** Stops a benchmark's server, mail capture, pool and embedded PostgreSQL; removes `tempDir`. */
export async function stopBench(parts: {
  handle: { close(): Promise<void> };
  server: ChildProcess;
  smtp: { close(): Promise<unknown> };
  embedded: { stop(): Promise<void> };
  tempDir: string;
}): Promise<void> {
  await parts.handle.close();
  await stopServer(parts.server);
  await parts.smtp.close();
  await parts.embedded.stop();
  fs.rmSync(parts.tempDir, { recursive: true, force: true });
}

/** Resolves once `url` answers 2xx; fails if the process exits or the time runs out. */
async function waitUntilAnswering(
  child: ChildProcess,
  url: string,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in time`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts http-floor-server.ts on `port` answering `body`; resolves once it answers. */
export async function startHttpFloor(
  body: string,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'http-floor-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), FLOOR_BODY: body },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitUntilAnswering(child, `${url}/floor/x`, 'HTTP floor server', 30_000);
  return { child, url };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function signIn(
  baseUrl: string,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  email: string,
) {
  const requested = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!requested.ok) throw new Error(`login: ${requested.status} ${await requested.text()}`);
  const code = await smtp.waitForCode(email);
  const verified = await fetch(`${baseUrl}/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const body = (await verified.json()) as {
    access_token: string;
    user: { id: string; orgs: { id: string }[] };
  };
  return { token: body.access_token, userId: body.user.id, orgId: body.user.orgs[0]!.id };
}
