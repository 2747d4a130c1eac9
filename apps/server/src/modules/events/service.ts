import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { LiveEventsHub, type LiveEventSettings } from './hub';
import { LiveEventsRepository } from './repository';

/** How long events are kept for resuming streams. */
export const LIVE_EVENTS_KEPT_MS = 60 * 60_000;

/** Live updates (docs/decisions/0048): the streams of this process and the kept events. */
export class LiveEventsService {
  readonly hub: LiveEventsHub;
  private readonly repository: LiveEventsRepository;

  constructor(db: Db, settings: LiveEventSettings, log: FastifyBaseLogger) {
    this.repository = new LiveEventsRepository(db);
    this.hub = new LiveEventsHub(this.repository, settings, log);
  }

  /** Deletes the events no resume may ask for any more (a recurring job); answers how many. */
  prune(): Promise<number> {
    return this.repository.prune(LIVE_EVENTS_KEPT_MS);
  }
}
