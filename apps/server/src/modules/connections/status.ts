import { connectionMessages, type PlatformConnection } from '@stocksync/contract';
import { PLATFORM_NAMES } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import type { ConnectionsContext } from './context';
import { ConnectionsRepository, type ConnectionRow } from './repository';
import { StatusRepository } from './status-repository';
import { toPlatformConnection } from './views';

/** Turning a connection's sync on or off, and disconnecting it; each with its activity entry. */
export class ConnectionStatus {
  constructor(private readonly c: ConnectionsContext) {}

  /**
   * Turns stock sync for one connection on or off (whichever it is not), with an activity entry in
   * the same transaction. 404 naming pc_id when the organisation has no such connection, 409 when
   * it is disconnected.
   */
  async toggleSync(
    organizationId: string,
    id: string,
    userId: string | null,
  ): Promise<PlatformConnection> {
    const row = await this.c.db.transaction().execute(async (trx) => {
      const updated = await new StatusRepository(trx).toggleSync(
        organizationId,
        id,
        this.c.clock.now(),
      );
      if (!updated) {
        const existing = await new ConnectionsRepository(trx).findInOrganization(
          organizationId,
          id,
        );
        if (!existing) throw new AppError(404, connectionMessages.connectionNotFound, 'pc_id');
        throw conflict(connectionMessages.syncDisconnected, 'pc_id');
      }
      await this.c.activity.record(
        {
          organizationId,
          userId,
          activity: `Sync turned ${updated.sync_enabled ? 'on' : 'off'} for ${PLATFORM_NAMES[updated.platform]} ${updated.alias}`,
          note: '',
          status: 'success',
        },
        trx,
      );
      return updated;
    });
    return toPlatformConnection(row);
  }

  /** Status disconnected and tokens wiped; listings kept (a reconnect relinks them), not counted. */
  async markDisconnected(row: ConnectionRow, userId: string | null, note: string): Promise<void> {
    await this.c.db.transaction().execute(async (trx) => {
      const repo = new StatusRepository(trx);
      await repo.markDisconnected(row.id, this.c.clock.now());
      await repo.refreshAggregates(row.id);
      await this.c.activity.record(
        {
          organizationId: row.organization_id,
          userId,
          activity: `Disconnected ${PLATFORM_NAMES[row.platform]} account ${row.alias}`,
          note,
          status: 'info',
        },
        trx,
      );
    });
  }
}
