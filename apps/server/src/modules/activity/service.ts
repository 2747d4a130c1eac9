import type { ActivityStatus, ListActivitiesResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { ActivityErasureRepository } from './erasure-repository';
import { activityNote } from './notes';
import { ActivityRepository } from './repository';

export interface ActivityEntry {
  organizationId: string;
  userId: string | null;
  activity: string;
  note: string;
  status: ActivityStatus;
}

/** The activity log: what happened in an organisation, who did it and how it went. */
export class ActivityService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Records an entry; pass the transaction so the entry commits (or not) with the change. */
  async record(entry: ActivityEntry, db: Db = this.db): Promise<void> {
    await new ActivityRepository(db).insert({ ...entry, now: this.clock.now() });
  }

  async list(
    organizationId: string,
    page: number,
    pageSize: number,
    userId?: string,
  ): Promise<ListActivitiesResponse> {
    const repo = new ActivityRepository(this.db);
    const [activities, total] = await Promise.all([
      repo.page(organizationId, (page - 1) * pageSize, pageSize, userId),
      repo.count(organizationId, userId),
    ]);
    return {
      activities: activities.map(({ details, note, ...entry }) => ({
        ...entry,
        note: activityNote({ note, details }),
      })),
      total,
      page,
      pageSize,
    };
  }

  async deleteOne(organizationId: string, id: string): Promise<void> {
    const deleted = await new ActivityRepository(this.db).delete(organizationId, [id]);
    if (deleted === 0) throw notFound();
  }

  /**
   * Replaces a marketplace account's names (`names`, as `<platformName> <name>`) in the
   * organisation's entries, for an account deletion (docs/decisions/0034); in `db` when it is the
   * deletion's transaction.
   */
  scrubAccountNames(
    erased: { organizationId: string; platformName: string; names: readonly string[] },
    replacement: string,
    db: Db = this.db,
  ): Promise<void> {
    return new ActivityErasureRepository(db).scrubAccountNames(
      erased.organizationId,
      erased.platformName,
      erased.names,
      replacement,
    );
  }

  async deleteMany(organizationId: string, ids: readonly string[]): Promise<number> {
    return new ActivityRepository(this.db).delete(organizationId, [...new Set(ids)]);
  }
}
