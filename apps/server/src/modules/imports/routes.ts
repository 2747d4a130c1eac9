import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  gateErrorResponseSchema,
  importPreviewSchema,
  importSchema,
  listImportsQuerySchema,
  listImportsResponseSchema,
  organizationHeadersSchema,
  platformSchema,
  remoteProductsQuerySchema,
  remoteProductsResponseSchema,
  startImportBodySchema,
  startImportResponseSchema,
  undoImportResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { ImportsService } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const common = {
  tags: ['import'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

export function importsRoutes(imports: ImportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/platforms/products',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "A page of a connected account's catalogue with each product's import status",
          querystring: remoteProductsQuerySchema,
          response: { 200: remoteProductsResponseSchema, ...errors },
        },
      },
      async (request) => imports.remotePage(orgOf(request).id, request.query),
    );

    app.post(
      '/v1/import/:platform',
      {
        config: { org: true, gate: 'subscription' },
        schema: {
          ...common,
          summary:
            'Start importing selected products (or the whole catalogue) as a background job; with dry_run: true, answer what it would do and write nothing',
          params: z.object({ platform: platformSchema }),
          body: startImportBodySchema,
          response: {
            200: importPreviewSchema,
            202: startImportResponseSchema,
            ...errors,
            402: gateErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const org = orgOf(request).id;
        const { platform } = request.params;
        if (request.body.dry_run)
          return reply.status(200).send(await imports.preview(org, platform, request.body));
        const started = await imports.start(org, authOf(request).userId, platform, request.body);
        return reply.status(202).send(started);
      },
    );

    app.get(
      '/v1/imports/:id',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Progress of an import',
          params: z.object({ id: z.uuid() }),
          response: { 200: importSchema, ...errors },
        },
      },
      async (request) => imports.get(orgOf(request).id, request.params.id),
    );

    app.post(
      '/v1/imports/:id/undo',
      {
        config: { org: true },
        schema: {
          ...common,
          summary:
            'Undo a finished import within 7 days: delete what it created, put back what it changed (409 with the reason when a later change depends on it)',
          params: z.object({ id: z.uuid() }),
          response: { 200: undoImportResponseSchema, ...errors },
        },
      },
      async (request) => imports.undo(orgOf(request).id, authOf(request).userId, request.params.id),
    );

    app.get(
      '/v1/imports',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Recent imports (of one connection with pc_id)',
          querystring: listImportsQuerySchema,
          response: { 200: listImportsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        imports: await imports.list(orgOf(request).id, request.query.pc_id),
      }),
    );
  };
}
