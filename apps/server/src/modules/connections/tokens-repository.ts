import type { Db } from '../../db/client';
import type { ConnectionRow } from './repository';
import type { TokenColumns } from './token-codec';

/** Access and refresh tokens (encrypted) and what happens when a platform refuses them. */
export class TokensRepository {
  constructor(private readonly db: Db) {}

  /** Active connections with a refresh token whose access token expires before `before`. */
  async dueForRefresh(before: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('status', '=', 'active')
      .where('access_token_expires_at', '<', before)
      .where('refresh_token_enc', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The row locked for the rest of the transaction (one refresh at a time per connection). */
  lock(id: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async saveRefreshed(id: string, tokens: TokenColumns, now: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ ...tokens, last_error: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async markNeedsReauth(id: string, reason: string, now: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ status: 'needs_reauth', last_error: reason, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
