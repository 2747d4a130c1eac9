import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ORGANIZATION_HEADER, organizationMessages } from '@stocksync/contract';
import type { Currency, Role } from '../db/tables/organizations';
import type { OrganizationsService } from '../modules/organizations/service';
import { badRequest, notFound } from '../lib/errors';
import { authOf } from './auth';

export interface OrgContext {
  id: string;
  role: Role;
  currency: Currency;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route works on one organisation (implies auth), named by the X-Organization-Id header,
     * or with 'path' by the route's `id` parameter (/v1/organizations/:id/...).
     */
    org?: boolean | 'path';
  }
  interface FastifyRequest {
    org: OrgContext | null;
  }
}

const idSchema = z.uuid();

/** The organisation id a request names, by header or (config `org: 'path'`) by its `id` parameter. */
function requestedOrganization(request: FastifyRequest): string {
  if (request.routeOptions.config.org === 'path') {
    const parsed = idSchema.safeParse((request.params as { id?: unknown }).id);
    if (!parsed.success) throw badRequest(organizationMessages.invalidId, 'id');
    return parsed.data;
  }
  const raw = request.headers[ORGANIZATION_HEADER];
  if (raw === undefined || raw === '') {
    throw badRequest('The X-Organization-Id header is required', 'X-Organization-Id');
  }
  const parsed = idSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw badRequest('X-Organization-Id must be a UUID', 'X-Organization-Id');
  return parsed.data;
}

/** The organisation of a route declared with `config: { org: true }`. */
export function orgOf(request: FastifyRequest): OrgContext {
  if (!request.org) throw notFound();
  return request.org;
}

/** Checks membership on every call to an organisation-scoped route; non-members get 404. */
export function registerOrgScope(app: FastifyInstance, organizations: OrganizationsService): void {
  app.decorateRequest('org', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.org) return;
    const auth = authOf(request);
    const org = await organizations.findForMember(requestedOrganization(request), auth.userId);
    if (!org) throw notFound();
    request.org = { id: org.id, role: org.role, currency: org.currency };
  });
}
