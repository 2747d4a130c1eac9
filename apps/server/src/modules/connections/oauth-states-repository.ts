import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

/** Consent round trips in flight: a state (stored as its HMAC) is used once, before it expires. */
export class OAuthStatesRepository {
  constructor(private readonly db: Db) {}

  async insert(state: {
    stateHash: string;
    platform: Platform;
    userId: string;
    organizationId: string;
    shop: string | null;
    expiresAt: Date;
    now: Date;
  }): Promise<void> {
    await this.db
      .insertInto('oauth_states')
      .values({
        state_hash: state.stateHash,
        platform: state.platform,
        user_id: state.userId,
        organization_id: state.organizationId,
        shop: state.shop,
        expires_at: state.expiresAt,
        created_at: state.now,
      })
      .execute();
  }

  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.db.deleteFrom('oauth_states').where('expires_at', '<', before).execute();
  }

  /** Marks the user's unexpired, unused state of this platform used; undefined if there is none. */
  consume(
    stateHash: string,
    platform: Platform,
    userId: string,
    now: Date,
  ): Promise<{ organization_id: string; shop: string | null } | undefined> {
    return this.db
      .updateTable('oauth_states')
      .set({ consumed_at: now })
      .where('state_hash', '=', stateHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('platform', '=', platform)
      .where('user_id', '=', userId)
      .returning(['organization_id', 'shop'])
      .executeTakeFirst();
  }
}
