import type { Db } from '../../db/client';
import type { LoginCodeRow, NewLoginCode } from '../../db/tables/auth';

/** Sign-in codes (login_codes). */
export class CodesRepository {
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

  /** Invalidates every open code for the address and stores the new one. */
  async replaceCode(code: NewLoginCode, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('login_codes')
        .set({ consumed_at: now })
        .where('email', '=', code.email)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('login_codes').values(code).execute();
    });
  }

  /** The newest code for the address that is neither used nor expired (its tries may be spent). */
  async findOpenCode(email: string, now: Date): Promise<LoginCodeRow | undefined> {
    return this.db
      .selectFrom('login_codes')
      .selectAll()
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong try; returns the tries made on the code so far. */
  async recordFailedAttempt(id: string): Promise<number> {
    const row = await this.db
      .updateTable('login_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Marks the code used; false when another request used it first. */
  async consumeCode(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
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
