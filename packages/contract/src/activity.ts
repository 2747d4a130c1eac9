import { z } from 'zod';
import { pageQuerySchema } from './catalog';

/* Activity log (spec §2 activity screen, §3 activity, §7 calls). */

export const activityStatuses = ['success', 'error', 'info', 'warning', 'in_progress'] as const;
export const activityStatusSchema = z.enum(activityStatuses);
export type ActivityStatus = z.infer<typeof activityStatusSchema>;

export const ACTIVITY_IDS_MAX = 1000;

export const activitySchema = z.object({
  id: z.uuid(),
  activity: z.string(),
  note: z.string(),
  status: activityStatusSchema,
  created_at: z.string().describe('ISO 8601 time'),
  /** Who did it; null for the system (or a deleted account, below). */
  user_id: z.uuid().nullable(),
  /** Who did it, resolved when read; null for the system or a deleted account. */
  user_email: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const listActivitiesQuerySchema = pageQuerySchema.extend({
  user_id: z
    .uuid({ error: 'user_id must be a member id' })
    .optional()
    .describe("Only this member's entries (issue 24)"),
});

export const listActivitiesResponseSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ListActivitiesResponse = z.infer<typeof listActivitiesResponseSchema>;

export const activityParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid activity id' }),
});

export const deleteActivitiesBodySchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Each id must be a valid activity id' }), {
      error: 'ids must be a list of activity ids',
    })
    .min(1, 'ids must be a list of activity ids')
    .max(ACTIVITY_IDS_MAX, `ids can list at most ${ACTIVITY_IDS_MAX} activities`),
});
export type DeleteActivitiesBody = z.infer<typeof deleteActivitiesBodySchema>;

/** Only the organisation's own entries are deleted; unknown ids are ignored. */
export const deleteActivitiesResponseSchema = z.object({ deleted: z.number().int().nonnegative() });
export type DeleteActivitiesResponse = z.infer<typeof deleteActivitiesResponseSchema>;
