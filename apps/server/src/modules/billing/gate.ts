import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GateErrorResponse, SyncProductsBody } from '@stocksync/contract';
import type { Platform } from '../../db/types';
import { orgOf } from '../../plugins/org-scope';
import { productSelectionOf } from '../catalog/product-selection';
import type { BillingService } from './service';
import { GateError } from './plan-gate';

/**
 * What a gated route needs (docs/decisions/0030-billing-and-gating.md):
 * - 'subscription': an active or trialing subscription (imports, SKU generation);
 * - 'products_sync': the same when the call turns sync on for a product, plus room in the plan's
 *   synced products (body {ids, is_synced?} or {all_selected, filters, is_synced}; turning sync
 *   off is always allowed);
 * - { connect }: room in the plan's connected accounts for a new account of that platform (body
 *   {shop} names the Shopify shop, so connecting it again is not new);
 * - 'members': room in the plan's members for the invited address (body {email}; pending
 *   invitations count, inviting the same address again does not).
 */
export type GateRule = 'subscription' | 'products_sync' | 'members' | { connect: Platform };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Checked before the handler, after the body was validated; refused calls answer 402. */
    gate?: GateRule;
  }
}

async function check(billing: BillingService, request: FastifyRequest, rule: GateRule) {
  const org = orgOf(request).id;
  if (rule === 'subscription') return billing.requireAccess(org);
  if (rule === 'products_sync') {
    const body = request.body as SyncProductsBody;
    return billing.checkSyncOn(org, productSelectionOf(body), body.is_synced);
  }
  if (rule === 'members') {
    return billing.checkNewMember(org, (request.body as { email: string }).email);
  }
  const body = request.body as { shop?: unknown } | undefined;
  const account = typeof body?.shop === 'string' ? body.shop : undefined;
  return billing.checkNewConnection(org, rule.connect, account);
}

/** The server-side feature gate: one preHandler for every route declared with `config.gate`. */
export function registerGate(app: FastifyInstance, billing: BillingService): void {
  app.addHook('preHandler', async (request, reply) => {
    const rule = request.routeOptions.config.gate;
    if (!rule) return;
    try {
      await check(billing, request, rule);
    } catch (error) {
      if (!(error instanceof GateError)) throw error;
      const body: GateErrorResponse = { error: error.message, code: error.code };
      return reply.status(402).send(body);
    }
  });
}
