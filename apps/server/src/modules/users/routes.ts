import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  onboardBodySchema,
  onboardResponseSchema,
  userSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import type { OrganizationsService } from '../organizations/service';
import type { UsersService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema };

export function usersRoutes(
  users: UsersService,
  organizations: OrganizationsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/users/me',
      {
        config: { auth: true },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user and their organisations',
          security: [{ bearer: [] }],
          response: { 200: userSchema, 401: errorResponseSchema },
        },
      },
      async (request) => users.getProfile(authOf(request).userId),
    );

    app.post(
      '/v1/users/onboard',
      {
        config: { auth: true },
        schema: {
          tags: ['users'],
          summary: "Name the user's first organisation and set its currency",
          security: [{ bearer: [] }],
          body: onboardBodySchema,
          response: { 200: onboardResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        await organizations.nameFirst(userId, {
          name: request.body.organisation,
          currency: request.body.currency,
        });
        return { user: await users.getProfile(userId) };
      },
    );
  };
}
