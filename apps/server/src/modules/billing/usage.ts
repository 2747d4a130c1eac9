import type { Db } from '../../db/client';
import type { ConnectionsService } from '../connections/service';
import type { Usage } from './tables';
import { UsageRepository } from './usage-repository';

/** What counts against the plan: accounts not disconnected, and products with sync on. */
export async function usageOf(
  db: Db,
  connections: Pick<ConnectionsService, 'countedAccounts'>,
  organizationId: string,
): Promise<Usage> {
  const [connected_accounts, synced_products] = await Promise.all([
    connections.countedAccounts(organizationId),
    new UsageRepository(db).syncedProducts(organizationId),
  ]);
  return { connected_accounts, synced_products };
}
