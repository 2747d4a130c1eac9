import net from 'node:net';
import { runOnce } from 'graphile-worker';
import { buildTaskList, workerLogger } from '../../src/jobs/worker';
import type { TestApp } from './app';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Runs every job that is due now (and those they queue) with the app's own services. */
export async function runDueJobs(t: TestApp): Promise<void> {
  const { auth, connections, imports, webhooks, sync } = t.app.services;
  await runOnce({
    pgPool: t.db.pool,
    taskList: buildTaskList({ auth, connections, imports, webhooks, sync }),
    logger: workerLogger(silent),
    noHandleSignals: true,
  });
}

/** A free TCP port on 127.0.0.1 (the app must know its URL before it listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
