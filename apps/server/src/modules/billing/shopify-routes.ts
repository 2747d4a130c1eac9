import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingRedirectResponseSchema,
  planBodySchema,
  shopifySyncBodySchema,
  shopSessionsResponseSchema,
  subscriptionResponseSchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import { errors, scoped } from './route-schemas';
import type { BillingService } from './service';

/** Paying through the Shopify store: its shops, an app subscription, and reading it back. */
export function shopifyBillingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/subscriptions/shopify/sessions',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "The organisation's Shopify connections (shop sessions) that can bill",
          response: { 200: shopSessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ sessions: await billing.shopifySessions(orgOf(request).id) }),
    );

    app.post(
      '/v1/subscriptions/shopify/reconnect',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary:
            "Shopify app subscription for the plan on the organisation's store; answers the merchant's confirmation URL (409 without an active Shopify connection)",
          body: planBodySchema,
          response: { 200: billingRedirectResponseSchema, ...errors },
        },
      },
      async (request) => ({
        url: await billing.shopifyReconnect(orgOf(request), request.body.plan),
      }),
    );

    app.post(
      '/v1/subscriptions/shopify/sync',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Reads the Shopify app subscription status and answers the subscription',
          body: shopifySyncBodySchema.optional(),
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        subscription: await billing.shopifySync(orgOf(request).id, request.body?.shopify_sub),
      }),
    );
  };
}
