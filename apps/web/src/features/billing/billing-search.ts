import { z } from 'zod';

// The router parses each query value as JSON first ('true' → true, '42' → 42), so a text
// parameter may arrive as a boolean or a number; it is kept as text.
const textParam = z
  .union([z.string(), z.number(), z.boolean()])
  .transform(String)
  .optional()
  .catch(undefined);

// Spec §2: query parameters the billing screen receives when a checkout returns.
// subscription=success&session_id=… come back from Stripe Checkout; shopify_sub (and Shopify's
// own charge_id) from Shopify's confirmation page.
export const billingSearchSchema = z.object({
  shopify_sub: textParam,
  subscription: textParam,
  shopify_session: textParam,
  provider: z.enum(['SHOPIFY', 'STRIPE']).optional().catch(undefined),
  session_id: textParam,
  charge_id: textParam,
});
export type BillingSearch = z.infer<typeof billingSearchSchema>;

export type BillingReturn =
  | { provider: 'STRIPE'; outcome: 'success' | 'cancelled' | 'portal' }
  | { provider: 'SHOPIFY'; shopifySub: string | undefined };

/**
 * What the screen must do on arrival. `rawSearch` is the unparsed query string: a Shopify id
 * read as a JSON number could lose digits.
 */
export function billingReturnOf(search: BillingSearch, rawSearch: string): BillingReturn | null {
  const raw = new URLSearchParams(rawSearch);
  const shopifyId = (name: string) => {
    const value = raw.get(name) ?? undefined;
    return value && value !== 'true' && value !== 'false' ? value : undefined;
  };
  if (search.shopify_sub !== undefined || (search.provider === 'SHOPIFY' && search.charge_id)) {
    if (search.shopify_sub === 'false') return null;
    return { provider: 'SHOPIFY', shopifySub: shopifyId('shopify_sub') ?? shopifyId('charge_id') };
  }
  if (search.provider === 'SHOPIFY') return null;
  // Back from Stripe's customer portal: its changes reach us by webhook, and a sync reads them now.
  if (search.subscription === undefined) {
    return search.provider === 'STRIPE' ? { provider: 'STRIPE', outcome: 'portal' } : null;
  }
  if (search.subscription === 'success') return { provider: 'STRIPE', outcome: 'success' };
  return { provider: 'STRIPE', outcome: 'cancelled' };
}
