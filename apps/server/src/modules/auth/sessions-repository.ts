import type { Db } from '../../db/client';
import type { SessionRow } from '../../db/tables/auth';

/** Sessions and their refresh tokens. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

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

  /** Cleanup for the cron job: sessions expired, or revoked a day ago. */
  async deleteExpired(now: Date): Promise<number> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const sessions = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', dayAgo)]))
      .executeTakeFirst();
    return Number(sessions.numDeletedRows);
  }
}
