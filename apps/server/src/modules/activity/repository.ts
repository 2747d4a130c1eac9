import { sql } from 'kysely';
import type { Activity, ActivityStatus } from '@stocksync/contract';
import type { Db } from '../../db/client';

export interface NewActivity {
  organizationId: string;
  userId: string | null;
  activity: string;
  note: string;
  status: ActivityStatus;
  now: Date;
}

/** An entry as stored: its note, or the facts it is formatted from (activityNote). */
export type StoredActivity = Omit<Activity, 'note'> & { note: string | null; details: unknown };

export class ActivityRepository {
  constructor(private readonly db: Db) {}

  async insert(entry: NewActivity): Promise<void> {
    await this.db
      .insertInto('activity_logs')
      .values({
        organization_id: entry.organizationId,
        user_id: entry.userId,
        activity: entry.activity,
        note: entry.note,
        status: entry.status,
        created_at: entry.now,
      })
      .execute();
  }

  /** Newest first (only `userId`'s when given); the author's e-mail when the user still exists. */
  async page(
    organizationId: string,
    offset: number,
    limit: number,
    userId?: string,
  ): Promise<StoredActivity[]> {
    const rows = await this.db
      .selectFrom('activity_logs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.activity',
        'a.note',
        'a.details',
        'a.status',
        'a.created_at',
        'a.user_id',
        'u.email as user_email',
      ])
      .where('a.organization_id', '=', organizationId)
      .$if(userId !== undefined, (q) => q.where('a.user_id', '=', userId!))
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  async count(organizationId: string, userId?: string): Promise<number> {
    const row = await this.db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes the organisation's entries among `ids`; returns how many went. */
  async delete(organizationId: string, ids: readonly string[]): Promise<number> {
    const result = await this.db
      .deleteFrom('activity_logs')
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
