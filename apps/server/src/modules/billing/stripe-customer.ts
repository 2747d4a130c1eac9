import { AppError } from '../../lib/errors';
import type { BillingRepository } from './repository';
import type { StripeGateway } from './stripe-gateway';

/** New customer ids Stripe may answer before we give up (each one was stored for another organisation). */
const CREATE_ATTEMPTS = 3;

/**
 * The organisation's stored Stripe customer if Stripe still has it and it was made for this
 * organisation (a customer whose metadata names another organisation is never used: it would open
 * that organisation's billing). Null otherwise.
 */
export async function verifiedStripeCustomer(
  stripe: StripeGateway,
  repo: BillingRepository,
  organizationId: string,
): Promise<string | null> {
  const stored = (await repo.find(organizationId))?.stripe_customer_id ?? null;
  if (!stored) return null;
  const owner = await stripe.customerOwner(stored);
  if (!owner.exists) return null;
  return owner.organizationId === null || owner.organizationId === organizationId ? stored : null;
}

/**
 * The customer a checkout uses: the verified stored one, else a new one that replaces it. A new id
 * that is already stored for another organisation (a provider that handed an id out twice) is not
 * shared: another customer is asked for, and after a few a 502 says Stripe is at fault.
 */
export async function stripeCustomerForCheckout(
  stripe: StripeGateway,
  repo: BillingRepository,
  organization: { id: string; name: string },
): Promise<string> {
  const verified = await verifiedStripeCustomer(stripe, repo, organization.id);
  if (verified) return verified;
  const stored = (await repo.find(organization.id))?.stripe_customer_id ?? null;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    // The first customer of an organisation keeps the shared key (concurrent checkouts share it);
    // a replacement or a retry needs its own, or Stripe would answer the same customer again.
    const idempotencyKey =
      stored === null && attempt === 0
        ? undefined
        : `stocksync-customer-${organization.id}-${stored ?? 'new'}-${attempt}`;
    const created = await stripe.createCustomer({
      organizationId: organization.id,
      name: organization.name,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    const now = await repo.replaceStripeCustomer(organization.id, stored, created);
    if (now) return now;
  }
  throw new AppError(
    502,
    'Stripe answered customer ids that belong to other organisations. Try again in a moment.',
  );
}
