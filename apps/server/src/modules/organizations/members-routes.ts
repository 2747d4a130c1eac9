import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRoleBodySchema,
  errorResponseSchema,
  listMembersResponseSchema,
  memberParamsSchema,
  organizationParamsSchema,
  transferOwnershipBodySchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { MembersService } from './members-service';

/** What an organisation's member and invitation routes may answer besides success. */
export const memberRouteErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['members'], security: [{ bearer: [] }] };
const errors = memberRouteErrors;
const done = { 204: z.null().describe('Done'), ...errors };

/** An organisation's members (issue 24); who may call which is the role matrix's (roles.ts). */
export function membersRoutes(members: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/organizations/:id/members',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Members of the organisation with their roles, owner first',
          params: organizationParamsSchema,
          response: { 200: listMembersResponseSchema, ...errors },
        },
      },
      async (request) => ({ members: await members.list(orgOf(request).id) }),
    );

    app.patch(
      '/v1/organizations/:id/members/:userId',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: "Change a member's role (admin, member or viewer; not the owner's)",
          params: memberParamsSchema,
          body: changeRoleBodySchema,
          response: done,
        },
      },
      async (request, reply) => {
        await members.changeRole(orgOf(request).id, request.params.userId, request.body.role);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/v1/organizations/:id/members/:userId',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Remove a member (not the owner); their next request is refused',
          params: memberParamsSchema,
          response: done,
        },
      },
      async (request, reply) => {
        const { userId } = request.params;
        await members.remove(orgOf(request).id, userId, userId === authOf(request).userId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/organizations/:id/leave',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Leave the organisation (the owner transfers ownership first)',
          params: organizationParamsSchema,
          response: done,
        },
      },
      async (request, reply) => {
        await members.remove(orgOf(request).id, authOf(request).userId, true);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/organizations/:id/transfer-ownership',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Make another member the owner; the previous owner becomes an admin',
          params: organizationParamsSchema,
          body: transferOwnershipBodySchema,
          response: done,
        },
      },
      async (request, reply) => {
        const org = orgOf(request);
        await members.transferOwnership(org.id, authOf(request).userId, request.body.userId);
        return reply.status(204).send(null);
      },
    );
  };
}
