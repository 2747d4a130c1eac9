import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '@stocksync/contract';

/**
 * Fastify's `frameworkErrors`: errors its router raises before any route or error handler runs
 * (a malformed percent-encoding, an over-long path segment). Its default body says only
 * "Bad Request"; these name what is wrong, in the contract's shape.
 */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ error: errorMessages.malformedUrl, field: 'url' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ error: errorMessages.urlSegmentTooLong, field: 'url' });
  } else {
    void reply.status(500).send({ error: errorMessages.internal });
  }
}

/** JSON 404 for every unknown route (used when no web build is served). */
export function registerJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: errorMessages.notFound });
  });
}
