import Stripe from 'stripe';

export interface CatalogueEntry {
  /** Product name shown in Checkout and the portal. */
  name: string;
  /** Used as the product id suffix and in lookup keys: `prod_<key>`, `<key>_monthly_<currency>`. */
  key: string;
  description?: string;
  /** Monthly unit amounts in the smallest currency unit, per lowercase currency. */
  monthly: Record<string, number>;
}

export interface StripeSettings {
  /** Secret keys accepted in `Authorization: Bearer` (or Basic). */
  secretKeys: string[];
  /** Shown by describe(); the emulator serves no Stripe.js, so it is informational only. */
  publishableKey: string;
  /** api_version on events and the `Stripe-Version` answered; default: the installed stripe-node's. */
  apiVersion: string;
  /** Products and monthly prices created at start and after every reset. */
  catalogue: CatalogueEntry[];
  /** Checkout Sessions expire this long after creation (Stripe: 24 h, confirmed). */
  checkoutSessionTtlSeconds: number;
  /** A portal link must be opened within this time (unconfirmed: ~5 min). */
  portalSessionTtlSeconds: number;
  /** Once opened, a portal session stays usable this long (unconfirmed). */
  portalSessionActiveSeconds: number;
  /** Days between failed renewal attempts: [3,5,7] = retry 3 days after the first failure, ... (unconfirmed). */
  paymentRetryDays: number[];
  /** What happens to a subscription when the last retry fails (unconfirmed default: cancel). */
  afterFinalPaymentFailure: 'cancel' | 'unpaid' | 'past_due';
  /** Which cancellations the hosted portal offers. */
  portalCancelModes: Array<'at_period_end' | 'immediately'>;
  /** List `limit` default and maximum (Stripe: 10 and 100). */
  listDefaultLimit: number;
  listMaxLimit: number;
  /** Timestamp source for `Stripe-Signature` t=: real wall clock (so constructEvent's 300 s tolerance
   *  passes after the test clock was advanced) or the emulated clock. */
  signatureClock: 'real' | 'emulated';
}

export const DEFAULT_SECRET_KEY = 'sk_test_stocksync_emulator';
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_stocksync_emulator';

export const DEFAULT_CATALOGUE: CatalogueEntry[] = [
  {
    name: 'Stocksync Starter',
    key: 'starter',
    description: 'One organisation, two channels',
    monthly: { usd: 1900, gbp: 1500, eur: 1700 },
  },
  {
    name: 'Stocksync Growth',
    key: 'growth',
    description: 'Up to five channels and team members',
    monthly: { usd: 4900, gbp: 3900, eur: 4500 },
  },
  {
    name: 'Stocksync Pro',
    key: 'pro',
    description: 'Unlimited channels, priority sync',
    monthly: { usd: 9900, gbp: 7900, eur: 8900 },
  },
];

export function defaultSettings(): StripeSettings {
  return {
    secretKeys: [DEFAULT_SECRET_KEY],
    publishableKey: DEFAULT_PUBLISHABLE_KEY,
    apiVersion: Stripe.API_VERSION,
    catalogue: DEFAULT_CATALOGUE,
    checkoutSessionTtlSeconds: 24 * 3600,
    portalSessionTtlSeconds: 300,
    portalSessionActiveSeconds: 3600,
    paymentRetryDays: [3, 5, 7],
    afterFinalPaymentFailure: 'cancel',
    portalCancelModes: ['at_period_end', 'immediately'],
    listDefaultLimit: 10,
    listMaxLimit: 100,
    signatureClock: 'real',
  };
}
