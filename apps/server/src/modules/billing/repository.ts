import { sql, type Generated, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { BillingProvider, PlanCode, SubscriptionStatus } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency, Database } from '../../db/types';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

export type PlansTable = {
  code: PlanCode;
  name: string;
  position: number;
  max_connected_accounts: number | null;
  max_synced_products: number | null;
  stripe_product_id: string;
};

export type PlanPricesTable = {
  plan_code: PlanCode;
  currency: Currency;
  /** numeric(10,2), as a decimal string. */
  amount: string;
  stripe_price_id: string;
};

export type SubscriptionsTable = {
  organization_id: string;
  provider: BillingProvider | null;
  status: SubscriptionStatus;
  plan_code: PlanCode | null;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: Generated<boolean>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  shopify_charge_id: string | null;
  connection_id: string | null;
  shopify_pending_charge_id: string | null;
  shopify_pending_plan: PlanCode | null;
  shopify_pending_connection_id: string | null;
  shopify_pending_ref: string | null;
  provider_updated_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

/** Billing's tables (migration 0006), added to the shared schema for this module only. */
export type BillingTables = {
  plans: PlansTable;
  plan_prices: PlanPricesTable;
  subscriptions: SubscriptionsTable;
};

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionChanges = Omit<
  Updateable<SubscriptionsTable>,
  'organization_id' | 'created_at'
>;

export interface PlanRow {
  code: PlanCode;
  name: string;
  max_connected_accounts: number | null;
  max_synced_products: number | null;
  prices: Record<Currency, { amount: string; stripe_price_id: string }>;
}

export interface Usage {
  connected_accounts: number;
  synced_products: number;
}

export interface ShopifyConnectionRow {
  id: string;
  alias: string;
  shop_domain: string | null;
  external_account_id: string | null;
  status: string;
}

export class BillingRepository {
  private readonly db: Kysely<Database & BillingTables>;

  constructor(db: Db) {
    this.db = db.withTables<BillingTables>();
  }

  async plans(): Promise<PlanRow[]> {
    const rows = await this.db
      .selectFrom('plans as p')
      .innerJoin('plan_prices as pp', 'pp.plan_code', 'p.code')
      .select([
        'p.code',
        'p.name',
        'p.position',
        'p.max_connected_accounts',
        'p.max_synced_products',
        'pp.currency',
        'pp.amount',
        'pp.stripe_price_id',
      ])
      .orderBy('p.position')
      .execute();
    const byCode = new Map<PlanCode, PlanRow>();
    for (const row of rows) {
      let plan = byCode.get(row.code);
      if (!plan) {
        plan = {
          code: row.code,
          name: row.name,
          max_connected_accounts: row.max_connected_accounts,
          max_synced_products: row.max_synced_products,
          prices: {} as PlanRow['prices'],
        };
        byCode.set(row.code, plan);
      }
      plan.prices[row.currency] = { amount: row.amount, stripe_price_id: row.stripe_price_id };
    }
    return [...byCode.values()];
  }

  /** The plan a Stripe price or product belongs to. */
  async planForStripe(priceId: string | null, productId: string | null): Promise<PlanCode | null> {
    const row = await this.db
      .selectFrom('plans as p')
      .leftJoin('plan_prices as pp', 'pp.plan_code', 'p.code')
      .select('p.code')
      .where((eb) =>
        eb.or([
          eb('pp.stripe_price_id', '=', priceId ?? ''),
          eb('p.stripe_product_id', '=', productId ?? ''),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row?.code ?? null;
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

  async organizationExists(organizationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async organizationName(organizationId: string): Promise<string> {
    const row = await this.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return row.name;
  }

  /** Accounts that count against the plan (not disconnected) and products with sync on. */
  async usage(organizationId: string): Promise<Usage> {
    const { rows } = await sql<{ connected_accounts: number; synced_products: number }>`
      SELECT
        (SELECT count(*)::integer FROM platform_connections
          WHERE organization_id = ${organizationId} AND status <> 'disconnected') AS connected_accounts,
        coalesce((SELECT synced_count::integer FROM organization_catalog_stats
          WHERE organization_id = ${organizationId}), 0) AS synced_products`.execute(this.db);
    return rows[0]!;
  }

  /** How many of these products have sync off (turning sync on for them adds that many). */
  async unsyncedAmong(organizationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...new Set(ids)]}::uuid[])`)
      .where('is_synced', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the organisation has this account connected (so connecting it again adds nothing). */
  async hasConnection(organizationId: string, platform: string, account: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform as 'shopify')
      .where('status', '<>', 'disconnected')
      .where(sql<string>`lower(external_account_id)`, '=', account.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an account of this platform waits for re-authorisation (a reconnect, not a new one). */
  async hasReauthPending(organizationId: string, platform: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform as 'shopify')
      .where('status', '=', 'needs_reauth')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The organisation's Shopify connections, active first, newest first. */
  shopifyConnections(organizationId: string): Promise<ShopifyConnectionRow[]> {
    return this.db
      .selectFrom('platform_connections')
      .select(['id', 'alias', 'shop_domain', 'external_account_id', 'status'])
      .where('organization_id', '=', organizationId)
      .where('platform', '=', 'shopify')
      .orderBy(sql`status = 'active'`, 'desc')
      .orderBy('created_at', 'desc')
      .execute();
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
