import { z } from 'zod';
import { emptyToUndefined } from './values';

/** The in-process emulators that stand in for platforms whose credentials are unset. */
export const sandboxSettings = {
  EMULATORS_PORT: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65530).default(0))
    .describe(
      'Sandbox mode: first port of the in-process emulators (index page, then Shopify, eBay, TikTok, Stripe); 0 = free ports (default).',
    ),
  DEMO_SHOPIFY_PRODUCTS: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100000).default(300))
    .describe('Sandbox mode: products in the demo Shopify store (default 300).'),
};
