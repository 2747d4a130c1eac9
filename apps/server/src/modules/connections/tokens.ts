import { AuthError, type ChannelCredentials } from '@stocksync/channels';
import { PLATFORM_NAMES } from '../../db/types';
import { notFound } from '../../lib/errors';
import { messageOf, type ConnectionsContext } from './context';
import { ConnectionsRepository, type ConnectionRow } from './repository';
import { decodeCredentials, tokenColumns } from './token-codec';
import { TokensRepository } from './tokens-repository';

/** Access tokens expiring within this window are refreshed by the cron job. */
export const REFRESH_HORIZON_MS = 30 * 60_000;
/** Access tokens expiring within this window are refreshed before a call uses them. */
const USE_MARGIN_MS = 60_000;

export type RefreshOutcome = 'refreshed' | 'skipped' | 'needs_reauth';

/** A connection's usable credentials: decrypted, refreshed before they expire, refusals recorded. */
export class ConnectionTokens {
  constructor(private readonly c: ConnectionsContext) {}

  private decode(row: ConnectionRow): ChannelCredentials {
    const token = row.access_token_enc;
    if (!token) throw new AuthError(`connection ${row.alias} has no token`);
    return decodeCredentials({ ...row, access_token_enc: token }, this.c.keys.encryption);
  }

  /** The connection's row and its usable credentials (refreshed first if about to expire). */
  async withCredentials(
    connectionId: string,
  ): Promise<{ row: ConnectionRow; credentials: ChannelCredentials }> {
    const repo = new ConnectionsRepository(this.c.db);
    let row = await repo.findById(connectionId);
    if (!row) throw notFound();
    // A connection that is not active is never refreshed (or used).
    if (row.status !== 'active') throw new AuthError(`connection ${row.alias} is ${row.status}`);
    if (
      row.access_token_expires_at &&
      row.access_token_expires_at.getTime() < this.c.clock.now().getTime() + USE_MARGIN_MS
    ) {
      await this.refreshOne(connectionId);
      row = (await repo.findById(connectionId)) ?? row;
    }
    if (row.status !== 'active' || !row.access_token_enc)
      throw new AuthError(`connection ${row.alias} is ${row.status}`);
    return { row, credentials: this.decode(row) };
  }

  /** Active connections whose access token expires within the horizon. */
  dueForRefresh(horizonMs = REFRESH_HORIZON_MS): Promise<string[]> {
    const before = new Date(this.c.clock.now().getTime() + horizonMs);
    return new TokensRepository(this.c.db).dueForRefresh(before);
  }

  /**
   * Refreshes one connection under a row lock (so two workers never both spend a rotating refresh
   * token). AuthError → needs_reauth plus an activity entry; other errors are rethrown for retry.
   */
  async refreshOne(connectionId: string, options: { force?: boolean } = {}) {
    return this.c.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
      const repo = new TokensRepository(trx);
      const row = await repo.lock(connectionId);
      if (!row || row.status !== 'active' || !row.refresh_token_enc) return 'skipped';
      const now = this.c.clock.now();
      if (
        !options.force &&
        row.access_token_expires_at &&
        row.access_token_expires_at.getTime() > now.getTime() + REFRESH_HORIZON_MS
      )
        return 'skipped'; // someone else just refreshed it
      try {
        const fresh = await this.c.channels()[row.platform].adapter.refresh(this.decode(row));
        const columns = tokenColumns(fresh, this.c.keys.encryption);
        await repo.saveRefreshed(
          row.id,
          {
            ...columns,
            // eBay keeps its refresh token: keep the stored one when none came back.
            refresh_token_enc: columns.refresh_token_enc ?? row.refresh_token_enc,
            refresh_token_expiry: columns.refresh_token_expiry ?? row.refresh_token_expiry,
          },
          this.c.clock.now(),
        );
        return 'refreshed';
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        await repo.markNeedsReauth(row.id, messageOf(error), this.c.clock.now());
        await this.recordNeedsReauth(row, `Token refresh refused: ${messageOf(error)}`, trx);
        return 'needs_reauth';
      }
    });
  }

  /** Marks a connection needs_reauth after a call was refused (AuthError) outside a refresh. */
  async markNeedsReauth(connectionId: string, reason: string): Promise<void> {
    const row = await new ConnectionsRepository(this.c.db).findById(connectionId);
    if (!row || row.status !== 'active') return;
    await new TokensRepository(this.c.db).markNeedsReauth(connectionId, reason, this.c.clock.now());
    await this.recordNeedsReauth(row, reason);
  }

  private recordNeedsReauth(row: ConnectionRow, note: string, db?: ConnectionsContext['db']) {
    return this.c.activity.record(
      {
        organizationId: row.organization_id,
        userId: null,
        activity: `${PLATFORM_NAMES[row.platform]} account ${row.alias} needs reconnecting`,
        note,
        status: 'error',
      },
      db,
    );
  }
}
