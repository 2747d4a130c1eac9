import { z } from 'zod';

export const healthResponseSchema = z.object({ ok: z.boolean(), database: z.boolean() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
