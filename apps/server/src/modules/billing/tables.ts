import type { Generated, Selectable, Updateable } from 'kysely';
import type { BillingProvider, PlanCode, SubscriptionStatus } from '@stocksync/contract';
import type { Currency } from '../../db/tables/organizations';

export type PlansTable = {
  code: PlanCode;
  name: string;
  position: number;
  max_connected_accounts: number | null;
  max_synced_products: number | null;
  max_members: number | null;
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
  max_members: number | null;
  prices: Record<Currency, { amount: string; stripe_price_id: string }>;
}

/** What counts against a plan's limits. */
export interface Usage {
  connected_accounts: number;
  synced_products: number;
  members: number;
}
