import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@stocksync/contract';
import { HealthRepository } from './repository';
import type { Db } from '../../db/client';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  const repository = new HealthRepository(db);
  return async (app) => {
    app.get(
      '/v1/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const database = await repository.databaseReachable();
        return reply.status(database ? 200 : 503).send({ ok: database, database });
      },
    );
  };
}
