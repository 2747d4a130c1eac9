import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentTransform } from './openapi-transform';

/** OpenAPI document generated from the route schemas, with an interactive reference at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'StockSync API',
        version: '1.0.0',
        description: [
          'Rate limits: each client may send API_RATE_LIMIT_PER_MINUTE requests per minute',
          '(default 600), counted per signed-in user when the request has a valid access token, else',
          'per IP address. Webhooks (/v1/webhooks/*) have their own per-IP limit',
          '(WEBHOOK_RATE_LIMIT_PER_MINUTE, default 12000); /v1/health is not limited. Sign-in code',
          'requests and code checks have stricter limits of their own. Over a limit the answer is 429',
          'with a Retry-After header (seconds). API answers are not cacheable (Cache-Control: no-store).',
        ].join(' '),
      },
      // Relative: the document is served by the API it describes, wherever that runs.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
