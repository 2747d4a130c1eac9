import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import type { ActivityService } from '../activity/service';
import type { ConnectionRow } from '../connections/repository';
import type { ConnectionsService } from '../connections/service';
import { WebhookEventsRepository } from './repository';

/**
 * eBay marketplace account deletion (docs/decisions/0034): each connection of that eBay user is
 * deleted (tokens, username, ebay_id, listings; our products and the inventory ledger stay, the
 * ledger keeping the connection id as an opaque id), the account's names are replaced in the
 * activity log, and the recorded events forget the account, all in one transaction.
 */
export async function eraseEbayAccount(
  db: Db,
  activity: ActivityService,
  connections: Pick<ConnectionsService, 'erase'>,
  account: string,
  rows: ConnectionRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await connections.erase(row.id, trx);
      await activity.scrubAccountNames(
        {
          organizationId: row.organization_id,
          platformName: PLATFORM_NAMES.ebay,
          names: [row.alias, row.username ?? ''],
        },
        '(deleted account)',
        trx,
      );
      await activity.record(
        {
          organizationId: row.organization_id,
          userId: null,
          activity: 'eBay account data deleted',
          note: 'eBay asked us to delete a closed account (marketplace account deletion); its connection and listings were removed, its stock history kept',
          status: 'info',
        },
        trx,
      );
    }
    await new WebhookEventsRepository(trx).forgetAccounts('ebay', [
      account,
      ...rows.flatMap((row) => [row.external_account_id ?? '', row.username ?? '']),
    ]);
  });
}
