import type { ServerResponse } from 'node:http';
import { MEMBERSHIP_EVENT } from '@stocksync/contract';
import type { LiveEvent } from './repository';

export interface StreamLimits {
  /** A `heartbeat` event this often, so proxies keep the connection and clients see it alive. */
  heartbeatMs: number;
  /** Bytes the socket may hold unsent before the client counts as too slow and is let go. */
  maxBufferedBytes: number;
  /** Events held while the stream replays, before it gives up (the client resumes again). */
  maxPendingEvents: number;
  /** The stream ends after this long; the client reconnects, signed in and a member again. */
  maxLifetimeMs: number;
  /** The reconnection delay a client is told. */
  retryMs: number;
}

/**
 * One client's event stream (text/event-stream). Memory per client is bounded: what the socket
 * holds unsent (`maxBufferedBytes`), the events held while a resume replays (`maxPendingEvents`),
 * and the ids that replay sent. A client that falls behind is let go; it resumes with Last-Event-ID.
 */
export class LiveStream {
  private pending: LiveEvent[] | null = [];
  private readonly replayed = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly raw: ServerResponse,
    private readonly limits: StreamLimits,
    private readonly onClose: () => void,
  ) {
    raw.on('close', () => this.close());
  }

  /** Sends the head; events delivered from now on are held until `ready`. */
  start(headers: Record<string, string>): void {
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold events back to fill a buffer.
      'x-accel-buffering': 'no',
    });
    this.write(`retry: ${this.limits.retryMs}\n\n`);
    this.timers.push(
      setInterval(() => this.control('heartbeat', {}), this.limits.heartbeatMs),
      setTimeout(() => this.close(), this.limits.maxLifetimeMs),
    );
  }

  /** An event as it commits: sent now, or held while the replay runs. */
  deliver(event: LiveEvent): void {
    if (this.pending) {
      this.pending.push(event);
      if (this.pending.length > this.limits.maxPendingEvents) this.close();
    } else if (!this.replayed.has(event.id)) {
      this.event(event);
    }
  }

  /** Sends the replayed events, then those held meanwhile, then `ready`. */
  ready(replay: LiveEvent[], reset: boolean): void {
    if (this.closed) return;
    if (reset) this.control('reset', {});
    for (const event of replay) {
      this.replayed.add(event.id);
      this.event(event);
    }
    const held = this.pending ?? [];
    this.pending = null;
    for (const event of held) this.deliver(event);
    this.control('ready', { replayed: replay.length });
  }

  /**
   * The member's role here changed or their membership ended: a `membership` event tells the
   * client to reload who they are (their role, their organisations), then the stream ends; a
   * client still a member reconnects with its new role.
   */
  endForMembershipChange(): void {
    this.control(MEMBERSHIP_EVENT, {});
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.pending = null;
    this.replayed.clear();
    this.raw.end();
    this.onClose();
  }

  private event(event: LiveEvent): void {
    this.write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }

  /** Events without an id: a client's Last-Event-ID stays that of the last change it had. */
  private control(
    name: 'heartbeat' | 'ready' | 'reset' | typeof MEMBERSHIP_EVENT,
    data: object,
  ): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(text: string): void {
    if (this.closed) return;
    this.raw.write(text);
    if (this.raw.writableLength > this.limits.maxBufferedBytes) this.close();
  }
}
