import { z } from 'zod';

export const ACTIVITY_DEFAULT_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;

export const activitySearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(ACTIVITY_DEFAULT_PAGE_SIZE)
    .catch(ACTIVITY_DEFAULT_PAGE_SIZE),
  /** Only this member's entries (issue 24). */
  member: z.uuid().optional().catch(undefined),
});
export type ActivitySearch = z.infer<typeof activitySearchSchema>;
