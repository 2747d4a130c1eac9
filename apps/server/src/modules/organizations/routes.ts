import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrganizationBodySchema,
  errorResponseSchema,
  listOrganizationsResponseSchema,
  organizationHeadersSchema,
  organizationParamsSchema,
  organizationSchema,
  updateOrganizationBodySchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { OrganizationsService } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export function organizationsRoutes(organizations: OrganizationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/organizations',
      {
        config: { auth: true },
        schema: {
          tags: ['organizations'],
          summary: 'Organisations the user belongs to',
          security: [{ bearer: [] }],
          response: { 200: listOrganizationsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => ({ organizations: await organizations.list(authOf(request).userId) }),
    );

    app.get(
      '/v1/organizations/current',
      {
        config: { org: true },
        schema: {
          tags: ['organizations'],
          summary: 'The organisation named by the X-Organization-Id header',
          security: [{ bearer: [] }],
          headers: organizationHeadersSchema,
          response: { 200: organizationSchema, ...errors },
        },
      },
      async (request) => organizations.get(orgOf(request).id, authOf(request).userId),
    );

    app.post(
      '/v1/organizations',
      {
        config: { auth: true },
        schema: {
          tags: ['organizations'],
          summary: 'Create an organisation; the creator becomes its owner',
          security: [{ bearer: [] }],
          body: createOrganizationBodySchema,
          response: { 201: organizationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await organizations.create(authOf(request).userId, {
          name: request.body.organizationName,
          currency: request.body.currency,
        });
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/v1/organizations/:id',
      {
        config: { org: 'path' },
        schema: {
          tags: ['organizations'],
          summary:
            'Rename an organisation, change its currency or its low-stock threshold (owners and admins)',
          security: [{ bearer: [] }],
          params: organizationParamsSchema,
          body: updateOrganizationBodySchema,
          response: { 200: organizationSchema, ...errors },
        },
      },
      async (request) =>
        organizations.update(authOf(request).userId, request.params.id, {
          name: request.body.organizationName,
          currency: request.body.currency,
          low_stock_threshold: request.body.low_stock_threshold,
        }),
    );
  };
}
