import type { Db } from '../../db/client';
import type { ConnectionsService } from '../connections/service';
import type { MembersService } from '../organizations/members-service';
import type { Usage } from './tables';
import { UsageRepository } from './usage-repository';

/** What counts against the plan: accounts not disconnected, products with sync on, members. */
export async function usageOf(
  db: Db,
  counters: {
    connections: Pick<ConnectionsService, 'countedAccounts'>;
    members: Pick<MembersService, 'count'>;
  },
  organizationId: string,
): Promise<Usage> {
  const [connected_accounts, synced_products, members] = await Promise.all([
    counters.connections.countedAccounts(organizationId),
    new UsageRepository(db).syncedProducts(organizationId),
    counters.members.count(organizationId),
  ]);
  return { connected_accounts, synced_products, members };
}
