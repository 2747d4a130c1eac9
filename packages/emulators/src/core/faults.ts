import { z } from 'zod';

/** Faults a test or benchmark can switch on per emulator through POST /_emulator/faults. */
export const faultsSchema = z.object({
  /** Extra latency added to every API answer, in ms. */
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /** Share (0..1) of API requests answered with a 429 rate-limit error. */
  rateLimitRate: z.number().min(0).max(1).default(0),
  /** Share (0..1) of API requests answered with a 5xx error. */
  serverErrorRate: z.number().min(0).max(1).default(0),
  /** Share (0..1) of API requests that hang for timeoutMs and then drop the connection. */
  timeoutRate: z.number().min(0).max(1).default(0),
  timeoutMs: z.number().int().min(0).max(120_000).default(30_000),
  /** Share (0..1) of outgoing webhooks never sent. */
  dropWebhookRate: z.number().min(0).max(1).default(0),
  /**
   * Outgoing webhooks are kept, not sent, until WebhookSender.release() (POST
   * /_emulator/webhooks/release): a delivery that comes late, after what it reports was seen.
   */
  holdWebhooks: z.boolean().default(false),
  /** Share (0..1) of outgoing webhooks sent twice. */
  duplicateWebhookRate: z.number().min(0).max(1).default(0),
});

export type Faults = z.infer<typeof faultsSchema>;

export const noFaults = (): Faults => faultsSchema.parse({});
