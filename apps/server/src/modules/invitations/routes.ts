import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  createInvitationBodySchema,
  errorResponseSchema,
  gateErrorResponseSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenBodySchema,
  listInvitationsResponseSchema,
  organizationParamsSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import { memberRouteErrors } from '../organizations/members-routes';
import type { InvitationsService } from './service';

const errors = memberRouteErrors;
const tokenErrors = { ...errors, 410: errorResponseSchema };
const common = { tags: ['members'], security: [{ bearer: [] }] };

/** Invitations by e-mail (issue 24); who may call which is the role matrix's (roles.ts). */
export function invitationsRoutes(invitations: InvitationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/organizations/:id/invitations',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Open invitations of the organisation, newest first (expired ones marked)',
          params: organizationParamsSchema,
          response: { 200: listInvitationsResponseSchema, ...errors },
        },
      },
      async (request) => ({ invitations: await invitations.list(orgOf(request).id) }),
    );

    app.post(
      '/v1/organizations/:id/invitations',
      {
        config: { org: 'path', gate: 'members' },
        schema: {
          ...common,
          summary:
            'Invite an address: mails a single-use link valid 7 days; inviting it again replaces the old link',
          params: organizationParamsSchema,
          body: createInvitationBodySchema,
          response: {
            201: invitationSchema,
            ...errors,
            402: gateErrorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const invitation = await invitations.invite(
          orgOf(request).id,
          authOf(request).userId,
          request.body,
        );
        return reply.status(201).send(invitation);
      },
    );

    app.delete(
      '/v1/organizations/:id/invitations/:invitationId',
      {
        config: { org: 'path' },
        schema: {
          ...common,
          summary: 'Revoke an open invitation: its link stops working',
          params: invitationParamsSchema,
          response: { 204: z.null().describe('Revoked'), ...errors },
        },
      },
      async (request, reply) => {
        await invitations.revoke(orgOf(request).id, request.params.invitationId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/invitations/preview',
      {
        schema: {
          tags: ['members'],
          summary: 'What an invitation link is for (organisation, address, role), before sign-in',
          body: invitationTokenBodySchema,
          response: { 200: invitationPreviewSchema, ...tokenErrors },
        },
      },
      async (request) => invitations.preview(request.body.token),
    );

    app.post(
      '/v1/invitations/accept',
      {
        config: { auth: true },
        schema: {
          ...common,
          summary:
            "Accept an invitation: the signed-in user's address must be the invited one, and the organisation's plan must have room for another member (402 plan_limit)",
          body: invitationTokenBodySchema,
          response: {
            200: acceptInvitationResponseSchema,
            ...tokenErrors,
            402: gateErrorResponseSchema,
          },
        },
      },
      async (request) => invitations.accept(authOf(request).userId, request.body.token),
    );
  };
}
