import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '@stocksync/contract';
import { AppError, tooManyRequests } from '../../lib/errors';
import { LiveEventsPoller } from './poller';
import type { LiveEventsRepository, PolledEvent } from './repository';
import { LiveStream, type StreamLimits } from './stream';

export interface LiveEventSettings extends StreamLimits {
  /** Streams one user may hold open on this process at once (tabs, devices). */
  maxStreamsPerUser: number;
  /** Streams one organisation may hold open on this process at once. */
  maxStreamsPerOrganization: number;
  /** Events a resume replays at most; beyond, the client is told to reload (`reset`). */
  replayLimit: number;
  /** How often new events are looked for while a stream is open. */
  pollMs: number;
  /** Polling stops after this long without a stream. */
  idleStopMs: number;
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
  pollMs: 50,
  idleStopMs: 60_000,
};

export interface StreamRequest {
  organizationId: string;
  userId: string;
  lastEventId: string | undefined;
  /** Headers set for the answer so far (security headers, a renewed access token). */
  headers: Record<string, string>;
}

/**
 * This process's live event streams (docs/decisions/0048): the events its poller finds go to the
 * streams of their organisation; the poller runs while streams are open.
 */
export class LiveEventsHub {
  private readonly byOrganization = new Map<string, Set<LiveStream>>();
  /** Each member's streams, by `<organisation>:<user>`. */
  private readonly byMember = new Map<string, Set<LiveStream>>();
  private readonly perUser = new Map<string, number>();
  private readonly poller: LiveEventsPoller;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: LiveEventsRepository,
    private readonly settings: LiveEventSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.poller = new LiveEventsPoller(repository, settings.pollMs, (e) => this.dispatch(e), log);
  }

  /** Refuses a stream over the limits (429), before anything is sent. */
  admit(request: StreamRequest): void {
    const org = this.byOrganization.get(request.organizationId)?.size ?? 0;
    const user = this.perUser.get(request.userId) ?? 0;
    if (user >= this.settings.maxStreamsPerUser || org >= this.settings.maxStreamsPerOrganization) {
      throw tooManyRequests(`${errorMessages.tooManyRequests} Close other tabs and retry.`);
    }
  }

  /** Makes sure new events are being looked for (503 while the database is away). */
  async listen(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    try {
      await this.poller.start();
    } catch (error) {
      this.log.error({ err: error }, 'live events: polling could not start');
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
      if (this.byOrganization.size === 0) this.stopWhenIdle();
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
   * A membership changed role or ended (any process; organizations' MembershipChanges): that
   * member's streams in that organisation alone are told (`membership`, no data) and end; the
   * member reconnects only if still a member.
   */
  membershipChanged(organizationId: string, userId: string): void {
    for (const stream of [...(this.byMember.get(`${organizationId}:${userId}`) ?? [])]) {
      stream.endForMembershipChange();
    }
  }

  async closeAll(): Promise<void> {
    for (const streams of [...this.byOrganization.values()]) {
      for (const stream of [...streams]) stream.close();
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    await this.poller.stop();
  }

  private stopWhenIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.byOrganization.size === 0) void this.poller.stop();
    }, this.settings.idleStopMs);
    this.idleTimer.unref();
  }

  private dispatch(event: PolledEvent): void {
    const streams = this.byOrganization.get(event.organization_id);
    if (!streams) return;
    const live = { id: event.id, kind: event.kind, data: event.data };
    for (const stream of streams) stream.deliver(live);
  }
}
