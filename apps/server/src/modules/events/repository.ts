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

/** One event as the poller finds it: with its organisation, to pick the streams it goes to. */
export interface PolledEvent extends LiveEvent {
  organization_id: string;
}

/**
 * Which transactions a poll could not see yet: those running when it ran (`xip`) and every later
 * one (`xmax` on), as PostgreSQL's snapshot says (pg_snapshot_xmax, pg_snapshot_xip).
 */
export interface PollPoint {
  xmax: string;
  xip: string[];
}

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

  /** Where polling starts: the events committed from now on are the ones `since` finds. */
  async pollPoint(): Promise<PollPoint> {
    const { rows } = await sql<PollPoint>`
      SELECT pg_snapshot_xmax(s)::text AS xmax,
             ARRAY(SELECT x::text FROM pg_snapshot_xip(s) x) AS xip
      FROM pg_current_snapshot() s`.execute(this.db);
    return rows[0]!;
  }

  /**
   * Every event committed since `point` (of transactions that point could not see), in id order,
   * and the point to poll from next: one statement, so its snapshot is the one the events are read
   * with. The index on `tx` (migration 0066) keeps it a short range scan however many are kept.
   */
  async since(point: PollPoint): Promise<{ events: PolledEvent[]; next: PollPoint }> {
    const { rows } = await sql<{ next: PollPoint; events: PolledEvent[] }>`
      SELECT json_build_object(
               'xmax', pg_snapshot_xmax(s)::text,
               'xip', ARRAY(SELECT x::text FROM pg_snapshot_xip(s) x)) AS next,
             coalesce((SELECT json_agg(json_build_object(
                         'id', e.id::text, 'organization_id', e.organization_id, 'kind', e.kind,
                         'data', e.data) ORDER BY e.id)
                       FROM live_events e
                       WHERE e.tx >= ${point.xmax}::xid8 OR e.tx = ANY(${point.xip}::xid8[])),
                      '[]') AS events
      FROM pg_current_snapshot() s`.execute(this.db);
    return rows[0]!;
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
