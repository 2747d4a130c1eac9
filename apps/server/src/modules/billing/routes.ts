import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gateResponseSchema,
  plansResponseSchema,
  subscriptionResponseSchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import { errors, scoped } from './route-schemas';
import type { BillingService } from './service';
import { shopifyBillingRoutes } from './shopify-routes';
import { stripeBillingRoutes } from './stripe-routes';

/** Plans, the organisation's subscription and whether it is gated; then each provider's routes. */
export function billingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(stripeBillingRoutes(billing));
    await app.register(shopifyBillingRoutes(billing));

    app.get(
      '/v1/subscriptions/plans',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "Plans with their monthly price in the organisation's currency and limits",
          response: { 200: plansResponseSchema, ...errors },
        },
      },
      async (request) => ({ plans: await billing.plans(orgOf(request).currency) }),
    );

    app.get(
      '/v1/users/subscription',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "The organisation's subscription, whether it is gated, and its usage",
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request) => ({ subscription: await billing.subscription(orgOf(request).id) }),
    );

    app.get(
      '/v1/subscriptions/gated',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary:
            'Whether the organisation is gated (no active or trialing subscription): it can read but not import, turn sync on or generate SKUs',
          response: { 200: gateResponseSchema, ...errors },
        },
      },
      async (request) => ({ is_gated: await billing.isGated(orgOf(request).id) }),
    );
  };
}
