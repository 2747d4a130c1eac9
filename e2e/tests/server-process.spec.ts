import { test, expect } from '@playwright/test';
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';
import { startServer, stopServer, waitForHealth } from '../support/server-process';

// Starting and stopping the compiled server itself, as `npm start` runs it (no browser).
const repoRoot = path.resolve(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  baseUrl: string;
  logFile: string;
  dataDir: string;
}

async function start(dataDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `stocksync-process-${port}.log`);
  const child = startServer({
    repoRoot,
    port,
    logFile,
    env: { DATA_DIR: dataDir, APP_URL: baseUrl, SMTP_URL: '', ...env },
  });
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    throw new Error(`${String(error)}\n${fs.readFileSync(logFile, 'utf8')}`, { cause: error });
  }
  return { child, baseUrl, logFile, dataDir };
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null) return Promise.resolve({ code: child.exitCode, signal: null });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function logLines(logFile: string): { level?: number; msg?: string; raw: string }[] {
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((raw) => {
      try {
        return { ...(JSON.parse(raw) as { level?: number; msg?: string }), raw };
      } catch {
        return { raw };
      }
    });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test.describe('server process', () => {
  test.setTimeout(180_000);

  test('Ctrl+C (SIGINT to the whole process group) stops in order, quietly, exit 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-sigint-'));
    fs.chmodSync(dataDir, 0o755);
    const server = await start(dataDir, { LOG_LEVEL: 'info' });
    try {
      const postgresPid = Number(
        fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      expect(processAlive(postgresPid)).toBe(true);
      // Give the worker and its cron schedule their connections, as a running server has.
      await fetch(`${server.baseUrl}/v1/health`);
      const exited = exitOf(server.child);
      // What a terminal does on Ctrl+C: SIGINT to every process of the foreground group.
      process.kill(-server.child.pid!, 'SIGINT');
      expect(await exited).toEqual({ code: 0, signal: null });

      const lines = logLines(server.logFile);
      expect(lines.filter((line) => (line.level ?? 0) >= 50 || /ERROR/.test(line.raw))).toEqual([]);
      expect(lines.map((line) => line.msg)).toContain('stopped');
      expect(processAlive(postgresPid)).toBe(false);
    } finally {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(server.logFile, { force: true });
    }
  });

  test('as root, a DATA_DIR that only root can enter works, and at LOG_LEVEL=warn sign-in codes still reach the log and the outbox', async () => {
    test.skip(process.getuid?.() !== 0, 'only root runs PostgreSQL as another user');
    // mkdtemp makes the directory 0700, like /root: the postgres user cannot enter it.
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-private-'));
    const dataDir = path.join(privateDir, 'clone', '.data');
    const server = await start(dataDir, { LOG_LEVEL: 'warn' });
    try {
      const email = `process-${Date.now()}@example.com`;
      const response = await fetch(`${server.baseUrl}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);

      const mailLine = logLines(server.logFile).find((line) =>
        line.msg?.startsWith(`mail to ${email}: `),
      );
      const code = /code is (\d{6})/.exec(mailLine?.msg ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const outbox = fs.readFileSync(path.join(dataDir, 'outbox.log'), 'utf8');
      expect(outbox).toContain(`To: ${email}`);
      expect(outbox).toContain(code!);

      const exited = exitOf(server.child);
      server.child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      await stopServer(server.child);
      // The PostgreSQL data was kept where the postgres user can reach it; remove that too.
      const shared = '/var/lib/stocksync';
      for (const entry of fs.existsSync(shared) ? fs.readdirSync(shared) : []) {
        const source = path.join(shared, entry, 'SOURCE');
        if (fs.existsSync(source) && fs.readFileSync(source, 'utf8').startsWith(privateDir)) {
          fs.rmSync(path.join(shared, entry), { recursive: true, force: true });
        }
      }
      fs.rmSync(privateDir, { recursive: true, force: true });
      fs.rmSync(server.logFile, { force: true });
    }
  });
});
