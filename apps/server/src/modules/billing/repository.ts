import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import type { BillingTables, SubscriptionChanges, SubscriptionRow } from './tables';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** The organisations' subscriptions (one row each). */
export class BillingRepository {
  private readonly db: Kysely<Database & BillingTables>;

  constructor(db: Db) {
    this.db = db.withTables<BillingTables>();
  }

  find(organizationId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
  }

  /** The row under a lock for the rest of the transaction (created if missing: a gated default). */
  async lock(organizationId: string): Promise<SubscriptionRow> {
    await this.db
      .insertInto('subscriptions')
      .values({ organization_id: organizationId, status: 'canceled' })
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .execute();
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async update(organizationId: string, changes: SubscriptionChanges, now: Date): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ ...changes, updated_at: now })
      .where('organization_id', '=', organizationId)
      .execute();
  }

  /**
   * Stores `next` as the organisation's customer if the stored one is still `expected` (another
   * request may have set it first). Answers the customer stored now, or null when `next` is
   * already stored for another organisation (the unique index refused it).
   */
  async replaceStripeCustomer(
    organizationId: string,
    expected: string | null,
    next: string,
  ): Promise<string | null> {
    try {
      await this.db
        .updateTable('subscriptions')
        .set({ stripe_customer_id: next })
        .where('organization_id', '=', organizationId)
        .where(sql<boolean>`stripe_customer_id is not distinct from ${expected}`)
        .execute();
    } catch (error) {
      if ((error as { code?: string } | null)?.code === UNIQUE_VIOLATION) return null;
      throw error;
    }
    return (await this.find(organizationId))?.stripe_customer_id ?? next;
  }

  async organizationByStripe(
    customerId: string | null,
    subscriptionId: string | null,
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('organization_id')
      .where((eb) =>
        eb.or([
          eb('stripe_customer_id', '=', customerId ?? ''),
          eb('stripe_subscription_id', '=', subscriptionId ?? ''),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row?.organization_id;
  }

  /** Organisations billed through (or waiting on a charge of) one of these connections. */
  async organizationsBilledThrough(connectionIds: readonly string[]): Promise<string[]> {
    if (connectionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('subscriptions')
      .select('organization_id')
      .where((eb) =>
        eb.or([
          eb('connection_id', 'in', connectionIds),
          eb('shopify_pending_connection_id', 'in', connectionIds),
        ]),
      )
      .execute();
    return rows.map((r) => r.organization_id);
  }
}
