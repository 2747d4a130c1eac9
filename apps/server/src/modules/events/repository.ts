import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { LiveEventKind } from '../../db/tables/events';

/** One live event as a stream sends it. */
export interface LiveEvent {
  id: string;
  kind: LiveEventKind;
  data: unknown;
}

/** What a resume from an event id finds: null when that event is not kept (any more). */
export type Resume = { events: LiveEvent[]; complete: boolean } | null;

/** The kept live events (migration 0030): what a stream resumed with Last-Event-ID replays. */
export class LiveEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The organisation's events that may have committed after event `lastId` (ADR 0048): those of
   * transactions from its horizon on, in id order, at most `limit` (`complete` false when there
   * were more). Includes some the client has had; it skips ids it has seen.
   */
  async resume(organizationId: string, lastId: string, limit: number): Promise<Resume> {
    const last = await this.db
      .selectFrom('live_events')
      .select(sql<string>`horizon::text`.as('horizon'))
      .where('id', '=', lastId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!last) return null;
    const { rows } = await sql<LiveEvent>`
      SELECT id::text AS id, kind, data FROM live_events
      WHERE organization_id = ${organizationId} AND tx >= ${last.horizon}::xid8
        AND id <> ${lastId}::bigint
      ORDER BY id LIMIT ${limit + 1}`.execute(this.db);
    return { events: rows.slice(0, limit), complete: rows.length <= limit };
  }

  /** Deletes events older than `keptMs` (by the database's clock); answers how many. */
  async prune(keptMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('live_events')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${keptMs / 1000})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
