import type { FastifyInstance } from 'fastify';
import { accessOf, roleAtLeast, roleMessages, type Access } from '@stocksync/contract';
import { forbidden } from '../lib/errors';
import { operationIdOf } from './openapi-transform';
import { orgOf } from './org-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route from the contract's role matrix (operationAccess); never by hand. */
    access?: Access;
  }
}

/**
 * The role matrix, enforced once for every organisation-scoped route (docs/decisions/0052): each
 * route is given its operation's access from the contract when it is registered, and a member
 * whose role is weaker gets 403 naming the role needed. Non-members got 404 from the org scope
 * before this runs, so another organisation's data stays invisible.
 */
export function registerRoles(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0] ?? 'GET';
    // Fastify's automatic HEAD route answers what GET answers.
    const operationId = operationIdOf(method === 'HEAD' ? 'GET' : method, route.url);
    route.config = { ...route.config, access: accessOf(operationId) };
  });
  app.addHook('onRequest', async (request) => {
    const { org, access } = request.routeOptions.config;
    if (!org || !access || access === 'public' || access === 'signed_in') return;
    const { role } = orgOf(request);
    if (!roleAtLeast(role, access)) throw forbidden(roleMessages.required(access, role));
  });
}
