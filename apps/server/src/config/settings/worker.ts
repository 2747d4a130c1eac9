import { z } from 'zod';
import { booleanFlag, emptyToUndefined } from './values';

/** The background job worker and the timing of stock sync. */
export const workerSettings = {
  RUN_WORKER: booleanFlag('true').describe(
    'Run the background job worker in this process (default true). Set false for API-only processes.',
  ),
  SYNC_ORDER_POLL_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0.2).max(3600).default(10))
    .describe(
      'How often eBay orders are polled for sales, in seconds (default 10; eBay has no sale webhooks in our scope).',
    ),
  SYNC_DRIFT_SETTLE_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0).max(600).default(5))
    .describe(
      'How long a stock difference on eBay or TikTok Shop must persist before it is applied as an edit made there (default 5).',
    ),
  SYNC_SHOPIFY_CHANGES_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0).max(3600).default(60))
    .describe(
      'How often each Shopify account is checked for stock changed since the last check, catching a lost webhook, in seconds (default 60; 0 turns it off).',
    ),
  SYNC_EBAY_CHANGES_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0).max(3600).default(240))
    .describe(
      "How often each eBay account's quantities are read for edits made on eBay, in seconds (default 240, so an edit is applied within 5 minutes; 0 turns it off).",
    ),
  WORKER_CONCURRENCY: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(8))
    .describe('Jobs run at once by the worker of this process (default 8).'),
};
