/* Event stream clients and the server's memory, for the live updates benchmark. */
import fs from 'node:fs';
import { openStream, type TestStream } from '../../apps/server/test/support/live-events';

/**
 * `count` clients of GET /v1/events (the integration tests' client), the tokens taking turns; once
 * each is live.
 */
export async function openClients(
  baseUrl: string,
  tokens: readonly string[],
  organizationId: string,
  count: number,
): Promise<TestStream[]> {
  const clients = Array.from({ length: count }, (_, i) =>
    openStream(baseUrl, tokens[i % tokens.length]!, organizationId),
  );
  await Promise.all(clients.map((client) => client.ready));
  return clients;
}

/** Event id → wall-clock ms of its first arrival at the client. */
export function arrivals(client: TestStream): Map<string, number> {
  const first = new Map<string, number>();
  for (const event of client.events) if (!first.has(event.id)) first.set(event.id, event.at);
  return first;
}

/** Resident memory of a process in MB (VmRSS). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}
