import type { Db } from '../../db/client';

/** Past sign-in codes (login_codes): how many were asked for lately, and the cleanup of old ones. */
export class CodeHistoryRepository {
  constructor(private readonly db: Db) {}

  /** Code requests since `since` by address and/or IP, and when the oldest of them was made. */
  async codeRequestsSince(
    by: { email?: string; ip?: string },
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    let query = this.db
      .selectFrom('login_codes')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.min<Date | null>('created_at').as('oldest'),
      ])
      .where('created_at', '>', since);
    if (by.email !== undefined) query = query.where('email', '=', by.email);
    if (by.ip !== undefined) query = query.where('requested_ip', '=', by.ip);
    const row = await query.executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
  }

  /** Cleanup for the cron job: codes expired or used a day ago. */
  async deleteExpired(now: Date): Promise<number> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const codes = await this.db
      .deleteFrom('login_codes')
      .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('consumed_at', '<', dayAgo)]))
      .executeTakeFirst();
    return Number(codes.numDeletedRows);
  }
}
