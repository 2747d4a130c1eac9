import { z } from 'zod';

const booleanParam = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean().optional(),
);

// Spec §2: query parameters the billing screen receives when a checkout returns.
export const billingSearchSchema = z.object({
  shopify_sub: booleanParam.catch(undefined),
  subscription: z.string().optional().catch(undefined),
  shopify_session: z.string().optional().catch(undefined),
  provider: z.enum(['SHOPIFY', 'STRIPE']).optional().catch(undefined),
});
export type BillingSearch = z.infer<typeof billingSearchSchema>;
