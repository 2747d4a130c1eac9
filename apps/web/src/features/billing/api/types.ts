import type { Currency } from '@/lib/api-types';

// Billing shapes of /v1/subscriptions/* and /v1/users/subscription.
export type PlanCode = 'starter' | 'growth' | 'pro';
export type BillingProvider = 'STRIPE' | 'SHOPIFY';
export type SubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';

/** null means no limit. */
export type PlanLimits = { connected_accounts: number | null; synced_products: number | null };

export type Plan = {
  code: PlanCode;
  name: string;
  /** Decimal string in the organisation's currency. */
  price: string;
  currency: Currency;
  prices: Record<Currency, string>;
  limits: PlanLimits;
};
export type PlansResponse = { plans: Plan[] };

export type Subscription = {
  provider: BillingProvider | null;
  status: SubscriptionStatus;
  plan: { code: PlanCode; name: string } | null;
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  is_gated: boolean;
  usage: { connected_accounts: number; synced_products: number };
};
export type SubscriptionResponse = { subscription: Subscription };

export type GateResponse = { is_gated: boolean };

export type ShopifySession = { pc_id: string; shop: string; alias: string; status: string };
export type ShopifySessionsResponse = { sessions: ShopifySession[] };

export type RedirectResponse = { url: string };
