import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

/** The connection counts billing checks a plan's connected-accounts limit against. */
export class PlanUsageRepository {
  constructor(private readonly db: Db) {}

  private ofPlatform(organizationId: string, platform: Platform) {
    return this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform);
  }

  /** Accounts that count against the plan: every one not disconnected. */
  async countedAccounts(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('status', '<>', 'disconnected')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the organisation has this account (not disconnected), the account's case ignored. */
  async hasAccount(organizationId: string, platform: Platform, account: string): Promise<boolean> {
    const row = await this.ofPlatform(organizationId, platform)
      .where('status', '<>', 'disconnected')
      .where(sql<string>`lower(external_account_id)`, '=', account.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an account of this platform waits for re-authorisation. */
  async hasReauthPending(organizationId: string, platform: Platform): Promise<boolean> {
    const row = await this.ofPlatform(organizationId, platform)
      .where('status', '=', 'needs_reauth')
      .executeTakeFirst();
    return row !== undefined;
  }
}
