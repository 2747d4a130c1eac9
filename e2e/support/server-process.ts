import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type StartServerOptions = {
  repoRoot: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
};

/**
 * Starts the real server as `npm start` runs it (the ahead-of-time build, apps/server/dist/main.js,
 * docs/decisions/0012-compiled-server.md) in its own process group.
 */
export function startServer({ repoRoot, port, env, logFile }: StartServerOptions) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/main.js')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  fs.closeSync(log);
  return child;
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not become healthy within ${timeoutMs} ms`);
}

/**
 * SIGTERM to the server, which stops its embedded PostgreSQL. Only if that takes too long is the
 * whole process group (node, postgres) killed.
 */
export async function stopServer(child: ChildProcess, timeoutMs = 20_000) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}
