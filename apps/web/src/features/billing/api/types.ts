// Billing shapes come from the shared contract so web and server cannot drift apart.
export type {
  BillingProvider,
  BillingRedirectResponse as RedirectResponse,
  GateResponse,
  Plan,
  PlanCode,
  PlanLimits,
  PlansResponse,
  ShopSession as ShopifySession,
  ShopSessionsResponse as ShopifySessionsResponse,
  Subscription,
  SubscriptionResponse,
  SubscriptionStatus,
} from '@stocksync/contract';
