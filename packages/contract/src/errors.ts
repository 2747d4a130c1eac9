import { z } from 'zod';

/** Every 4xx/5xx answer has this shape; `field` names the offending input when there is one. */
export const errorResponseSchema = z.object({
  error: z.string(),
  field: z.string().optional(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('All validation problems, first one repeated in error/field'),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const errorMessages = {
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  invalidCode: 'Invalid code',
  tooManyRequests: 'Too many requests, please try again later.',
  internal: 'Something went wrong',
  malformedUrl:
    'The URL is not valid: a % must be followed by two hexadecimal digits forming UTF-8 text',
  urlSegmentTooLong: 'The URL has a path segment longer than 100 characters',
  bodyNotUtf8: 'Request body is not valid UTF-8 text',
} as const;
