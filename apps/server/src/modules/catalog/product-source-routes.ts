import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organizationHeadersSchema,
  productParamsSchema,
  productSourceBodySchema,
  productSourceSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { ProductSources } from './product-source';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const common = {
  tags: ['catalog'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};
const rule =
  "Only re-imports from the source update the product's title, variant names and prices (and " +
  'its stock while sync is off); listings on other connections link without renaming it.';

export function productSourceRoutes(sources: ProductSources): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/products/:id/source',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "The connection that is the source of a product's descriptive fields",
          description: `With the connections listing the product, which could be it. ${rule}`,
          params: productParamsSchema,
          response: { 200: productSourceSchema, ...errors },
        },
      },
      async (request) => sources.get(orgOf(request).id, request.params.id),
    );

    app.put(
      '/v1/products/:id/source',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Pick another connection as the source of a product's descriptive fields",
          description: `pc_id must be a connection listing the product (400 naming pc_id otherwise). ${rule}`,
          params: productParamsSchema,
          body: productSourceBodySchema,
          response: { 200: productSourceSchema, ...errors },
        },
      },
      async (request) =>
        sources.set(
          orgOf(request).id,
          authOf(request).userId,
          request.params.id,
          request.body.pc_id,
        ),
    );
  };
}
