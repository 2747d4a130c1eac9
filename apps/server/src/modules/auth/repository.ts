import type { Db } from '../../db/client';
import type { LoginCodeRow, NewLoginCode, SessionRow } from '../../db/types';

/** Login codes and sessions. */
export class AuthRepository {
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

  async createSession(session: {
    userId: string;
    refreshTokenHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<SessionRow> {
    return this.db
      .insertInto('sessions')
      .values({
        user_id: session.userId,
        refresh_token_hash: session.refreshTokenHash,
        expires_at: session.expiresAt,
        created_at: session.now,
        last_used_at: session.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findActiveSession(id: string, now: Date): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async findActiveSessionByRefreshHash(hash: string, now: Date): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('refresh_token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** The session whose refresh token was rotated away from `hash` after `rotatedSince`. */
  async findSessionByPreviousRefreshHash(
    hash: string,
    rotatedSince: Date,
    now: Date,
  ): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('previous_refresh_token_hash', '=', hash)
      .where('rotated_at', '>', rotatedSince)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Compare-and-set rotation: false when the old hash was already replaced. */
  async rotateRefreshToken(rotation: {
    sessionId: string;
    oldHash: string;
    newHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({
        refresh_token_hash: rotation.newHash,
        previous_refresh_token_hash: rotation.oldHash,
        rotated_at: rotation.now,
        expires_at: rotation.expiresAt,
        last_used_at: rotation.now,
      })
      .where('id', '=', rotation.sessionId)
      .where('refresh_token_hash', '=', rotation.oldHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async revokeSession(where: { id?: string; refreshTokenHash?: string }, now: Date): Promise<void> {
    if (!where.id && !where.refreshTokenHash) return;
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null);
    if (where.id) query = query.where('id', '=', where.id);
    else if (where.refreshTokenHash)
      query = query.where('refresh_token_hash', '=', where.refreshTokenHash);
    await query.execute();
  }

  /** Cleanup for the cron job: codes past expiry, sessions expired or revoked a day ago. */
  async deleteExpired(now: Date): Promise<{ codes: number; sessions: number }> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const codes = await this.db
      .deleteFrom('login_codes')
      .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('consumed_at', '<', dayAgo)]))
      .executeTakeFirst();
    const sessions = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', dayAgo)]))
      .executeTakeFirst();
    return { codes: Number(codes.numDeletedRows), sessions: Number(sessions.numDeletedRows) };
  }
}
