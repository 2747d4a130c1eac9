import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errors, sendError } from './errors';

/** `scheme://host[:port]` the request came in on (for href/next links). */
export const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Parses a JSON body with a zod schema; sends eBay's 400 and answers undefined when invalid. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): z.infer<S> | undefined {
  const result = schema.safeParse(typeof request.body === 'object' ? request.body : undefined);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length ? issue.path.join('.') : 'request';
  void sendError(reply, 400, [
    errors.invalidValue(field, issue?.message ?? 'Invalid request body.'),
  ]);
  return undefined;
}

/** Reads limit/offset query parameters; sends eBay's 400 and answers undefined when invalid. */
export function parsePaging(
  query: Record<string, string | undefined>,
  reply: FastifyReply,
  defaults: { limit: number; max: number },
  makeError: (field: string, message: string) => ReturnType<typeof errors.invalidValue> = (f, m) =>
    errors.invalidValue(f, m),
): { limit: number; offset: number } | undefined {
  const limit =
    query.limit === undefined || query.limit === '' ? defaults.limit : Number(query.limit);
  const offset = query.offset === undefined || query.offset === '' ? 0 : Number(query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > defaults.max) {
    void sendError(reply, 400, [
      makeError('limit', `The value of limit must be between 1 and ${defaults.max}.`),
    ]);
    return undefined;
  }
  if (!Number.isInteger(offset) || offset < 0) {
    void sendError(reply, 400, [
      makeError('offset', 'The value of offset must be a non-negative integer.'),
    ]);
    return undefined;
  }
  return { limit, offset };
}

/** `Content-Language: en-US` → locale `en_US`; undefined (and a 400 sent) when missing. */
export function contentLocale(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const value = request.headers['content-language'];
  if (typeof value !== 'string' || !/^[a-z]{2}-[A-Z]{2}$/.test(value.trim())) {
    void sendError(reply, 400, [
      errors.invalidValue('header Content-Language', 'Valid values are like en-US.'),
    ]);
    return undefined;
  }
  return value.trim().replace('-', '_');
}
