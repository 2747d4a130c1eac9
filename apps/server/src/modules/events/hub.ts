import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '@stocksync/contract';
import type { PgListener } from '../../db/listener';
import type { LiveEventKind } from '../../db/tables/events';
import { AppError, tooManyRequests } from '../../lib/errors';
import type { LiveEventsRepository } from './repository';
import { LiveStream, type StreamLimits } from './stream';

export interface LiveEventSettings extends StreamLimits {
  /** Streams one user may hold open on this process at once (tabs, devices). */
  maxStreamsPerUser: number;
  /** Streams one organisation may hold open on this process at once. */
  maxStreamsPerOrganization: number;
  /** Events a resume replays at most; beyond, the client is told to reload (`reset`). */
  replayLimit: number;
}

export const DEFAULT_LIVE_EVENT_SETTINGS: LiveEventSettings = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 512 * 1024,
  maxPendingEvents: 5_000,
  maxLifetimeMs: 15 * 60_000,
  retryMs: 2_000,
  maxStreamsPerUser: 10,
  maxStreamsPerOrganization: 200,
  replayLimit: 1_000,
};

/** The notification live_event_publish sends (definitions/live_event_publish.sql). */
interface Notified {
  id: number;
  organization_id: string;
  kind: LiveEventKind;
  data: unknown;
}

export interface StreamRequest {
  organizationId: string;
  userId: string;
  lastEventId: string | undefined;
  /** Headers set for the answer so far (security headers, a renewed access token). */
  headers: Record<string, string>;
}

/**
 * This process's live event streams (docs/decisions/0048): the one LISTEN connection's
 * notifications go to the streams of their organisation. When that connection is lost every
 * stream is ended, since what was committed meanwhile never reaches this process: clients
 * reconnect and resume from the kept events.
 */
export class LiveEventsHub {
  private readonly byOrganization = new Map<string, Set<LiveStream>>();
  /** Each member's streams, by `<organisation>:<user>`. */
  private readonly byMember = new Map<string, Set<LiveStream>>();
  private readonly perUser = new Map<string, number>();
  private listening: Promise<unknown> | null = null;

  constructor(
    private readonly listener: PgListener,
    private readonly repository: LiveEventsRepository,
    private readonly settings: LiveEventSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    listener.onLost((error) => {
      this.log.warn({ err: error }, 'live events: LISTEN connection lost; ending streams');
      this.closeAll();
    });
  }

  /** Refuses a stream over the limits (429), before anything is sent. */
  admit(request: StreamRequest): void {
    const org = this.byOrganization.get(request.organizationId)?.size ?? 0;
    const user = this.perUser.get(request.userId) ?? 0;
    if (user >= this.settings.maxStreamsPerUser || org >= this.settings.maxStreamsPerOrganization) {
      throw tooManyRequests(`${errorMessages.tooManyRequests} Close other tabs and retry.`);
    }
  }

  /** Subscribes this process to the notifications once (503 while the database is away). */
  async listen(): Promise<void> {
    try {
      await (this.listening ??= this.listener.subscribe('live_events', (payload) =>
        this.dispatch(payload),
      ));
    } catch (error) {
      this.listening = null;
      this.log.error({ err: error }, 'live events: LISTEN failed');
      throw new AppError(503, 'Live updates are unavailable at the moment; retry shortly');
    }
  }

  /** Streams the organisation's events to `raw` until either side ends it (after `listen`). */
  async open(request: StreamRequest, raw: ServerResponse): Promise<void> {
    const { organizationId, userId } = request;
    const streams = this.byOrganization.get(organizationId) ?? new Set<LiveStream>();
    this.byOrganization.set(organizationId, streams);
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    const member = `${organizationId}:${userId}`;
    const own = this.byMember.get(member) ?? new Set<LiveStream>();
    this.byMember.set(member, own);
    const stream = new LiveStream(raw, this.settings, () => {
      streams.delete(stream);
      if (streams.size === 0) this.byOrganization.delete(organizationId);
      own.delete(stream);
      if (own.size === 0) this.byMember.delete(member);
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    });
    streams.add(stream);
    own.add(stream);
    stream.start(request.headers);
    try {
      const resume = request.lastEventId
        ? await this.repository.resume(
            organizationId,
            request.lastEventId,
            this.settings.replayLimit,
          )
        : { events: [], complete: true };
      stream.ready(resume?.events ?? [], !resume?.complete);
    } catch (error) {
      this.log.error({ err: error }, 'live events: resume failed');
      stream.close();
    }
  }

  /**
   * A membership changed role or ended (any process; organizations' MembershipChanges): its
   * streams end, and the member reconnects only if still a member.
   */
  membershipChanged(organizationId: string, userId: string): void {
    for (const stream of [...(this.byMember.get(`${organizationId}:${userId}`) ?? [])]) {
      stream.close();
    }
  }

  closeAll(): void {
    for (const streams of [...this.byOrganization.values()]) {
      for (const stream of [...streams]) stream.close();
    }
  }

  private dispatch(payload: string): void {
    let event: Notified;
    try {
      event = JSON.parse(payload) as Notified;
    } catch {
      return;
    }
    const streams = this.byOrganization.get(event.organization_id);
    if (!streams) return;
    const live = { id: String(event.id), kind: event.kind, data: event.data };
    for (const stream of streams) stream.deliver(live);
  }
}
