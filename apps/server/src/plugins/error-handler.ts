import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorResponse, type GateErrorResponse } from '@stocksync/contract';
import { AppError } from '../lib/errors';
import { reportError } from '../lib/observability';
import { GateError } from '../modules/billing/plan-gate';

function validationBody(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): ErrorResponse {
  const mapped = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  const first = mapped[0]!;
  if (first.path === '' && context === 'body') {
    return { error: 'Request body must be a JSON object', field: 'body', issues: mapped };
  }
  return { error: first.message, field: first.path || context || '', issues: mapped };
}

/** Maps every error to the JSON shape of the contract; only unexpected errors are 500 and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation, error.validationContext));
    }
    if (error instanceof GateError) {
      // A plan's refusal found by a service (an invitation accepted with no room), as the gate's.
      const body: GateErrorResponse = { error: error.message, code: error.code };
      return reply.status(402).send(body);
    }
    if (error instanceof AppError) {
      const body: ErrorResponse = { error: error.message };
      if (error.field) body.field = error.field;
      if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large, 429.
      const body: ErrorResponse = { error: error.message };
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') body.field = 'content-type';
      if (
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      )
        body.field = 'body';
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    reportError(error, { method: request.method, url: request.url });
    return reply.status(500).send({ error: errorMessages.internal });
  });
}
