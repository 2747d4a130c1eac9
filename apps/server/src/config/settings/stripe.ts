import { optionalString, optionalUrl } from './values';

/** Stripe keys and host (docs/decisions/0030-billing-and-gating.md). */
export const stripeSettings = {
  STRIPE_SECRET_KEY: optionalString.describe(
    'Stripe secret key (sk_...). Unset: billing runs in sandbox mode against the local Stripe emulator.',
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.describe(
    'Signing secret (whsec_...) of the Stripe webhook endpoint APP_URL/v1/webhooks/stripe.',
  ),
  STRIPE_API_BASE_URL: optionalUrl.describe(
    'Stripe API origin (default https://api.stripe.com), e.g. a local emulator.',
  ),
};
