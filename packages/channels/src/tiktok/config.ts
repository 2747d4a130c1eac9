import { z } from 'zod';
import type { FetchLike } from '../http/fetch';

/** TikTok's error codes are mostly unconfirmed (docs/channels §3): every one is a setting. */
const codes = z.array(z.number().int());

export const tiktokConfigSchema = z.object({
  appKey: z.string().min(1),
  appSecret: z.string().min(1),
  /** Partner Center service id (current authorisation page). */
  serviceId: z.string().min(1),
  /** Seller authorisation page host (https://services.tiktokshop.com; region-dependent). */
  authorizeBaseUrl: z.url().default('https://services.tiktokshop.com'),
  /** Token host (https://auth.tiktok-shops.com). */
  authBaseUrl: z.url().default('https://auth.tiktok-shops.com'),
  /** Open API host (https://open-api.tiktokglobalshop.com). */
  apiBaseUrl: z.url().default('https://open-api.tiktokglobalshop.com'),
  /** Query parameter of the redirect that carries the code (unconfirmed: `code`). */
  codeParam: z.string().default('code'),
  pageSize: z.number().int().min(1).max(100).default(50),
  timeoutMs: z.number().int().positive().default(30_000),
  /** Calls per second per shop and API this client allows itself (TikTok refuses calls above its QPS limit). */
  requestsPerSecond: z.number().positive().default(40),
  /** Calls of one API that may start at once before pacing applies (burst + rate stays under ~50 QPS). */
  burst: z.number().int().positive().default(5),
  errorCodes: z
    .object({
      auth: codes.default([105000, 105001, 105002, 106011, 36004004, 36004005]),
      rateLimited: codes.default([36009003]),
      transient: codes.default([36009001, 106003]),
      /** Our own request is wrong (bad sign, unknown app_key): not the seller's token. */
      invalid: codes.default([106001, 106002]),
    })
    .prefault({}),
  /** Webhook `type` numbers (only 1 = order status change is confirmed). */
  webhookTypes: z
    .object({
      orderStatusChange: z.number().int().default(1),
      productChange: z.number().int().default(15),
      deauthorisation: z.number().int().default(6),
    })
    .prefault({}),
});

export type TiktokConfigInput = z.input<typeof tiktokConfigSchema>;
export type TiktokConfig = z.output<typeof tiktokConfigSchema>;

export interface TiktokRuntimeOptions {
  fetch?: FetchLike;
  now?: () => number;
}
