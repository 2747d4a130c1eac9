import { EventSource } from 'eventsource';
import { LIVE_EVENT_KINDS, MEMBERSHIP_EVENT } from '@stocksync/contract';

/** One event as a test client received it. */
export interface Received {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  /** Wall-clock ms of its arrival (benchmarks). */
  at: number;
}

export interface TestStream {
  events: Received[];
  /** Resolves at the stream's `ready` event (replay done, live from now on). */
  ready: Promise<{ replayed: number }>;
  /** Whether a `reset` came. */
  reset(): boolean;
  /** Resolves at the first `membership` event (the member's own role changed or ended). */
  membership: Promise<void>;
  /** How many `membership` events came. */
  membershipEvents(): number;
  /** Resolves at the first `heartbeat` event. */
  heartbeat: Promise<void>;
  /** Resolves when the connection first drops (the client then reconnects by itself). */
  dropped: Promise<void>;
  /** Resolves with the status that made the client give up reconnecting. */
  refused: Promise<number | undefined>;
  /** Waits until an event satisfies `match` (fails the test after `timeoutMs`). */
  waitFor(match: (event: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): void;
}

/**
 * A client of GET /v1/events over real HTTP (the `eventsource` package the web uses, with the
 * same headers): the token, the organisation and, to resume, Last-Event-ID.
 */
export function openStream(
  baseUrl: string,
  token: string,
  organizationId: string,
  lastEventId?: string,
): TestStream {
  const source = new EventSource(`${baseUrl}/v1/events`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...init.headers,
          authorization: `Bearer ${token}`,
          'x-organization-id': organizationId,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      }),
  });
  const events: Received[] = [];
  const waiters = new Set<() => void>();
  let wasReset = false;
  for (const kind of LIVE_EVENT_KINDS) {
    source.addEventListener(kind, (message) => {
      const at = performance.timeOrigin + performance.now();
      events.push({ id: message.lastEventId, kind, data: JSON.parse(message.data), at });
      for (const wake of waiters) wake();
    });
  }
  source.addEventListener('reset', () => (wasReset = true));
  let membershipEvents = 0;
  const membership = new Promise<void>((resolve) =>
    source.addEventListener(MEMBERSHIP_EVENT, () => {
      membershipEvents += 1;
      resolve();
    }),
  );
  const heartbeat = new Promise<void>((resolve) =>
    source.addEventListener('heartbeat', () => resolve()),
  );
  const dropped = new Promise<void>((resolve) => source.addEventListener('error', () => resolve()));
  const refused = new Promise<number | undefined>((resolve) =>
    source.addEventListener('error', (error) => {
      if (source.readyState === EventSource.CLOSED) resolve(error.code);
    }),
  );
  const ready = new Promise<{ replayed: number }>((resolve, reject) => {
    source.addEventListener('ready', (message) => resolve(JSON.parse(message.data)));
    source.addEventListener('error', (error) => {
      if (source.readyState === EventSource.CLOSED)
        reject(new Error(`stream failed: ${error.code}`));
    });
  });
  return {
    events,
    ready,
    reset: () => wasReset,
    membership,
    membershipEvents: () => membershipEvents,
    heartbeat,
    dropped,
    refused,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => source.close(),
  };
}
