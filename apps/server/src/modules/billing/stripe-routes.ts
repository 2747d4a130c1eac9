import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingRedirectResponseSchema,
  planBodySchema,
  subscriptionResponseSchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import { errors, scoped } from './route-schemas';
import type { BillingService } from './service';

/** Paying by card: Stripe Checkout, the Billing Portal, and reading the state back. */
export function stripeBillingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/subscriptions/stripe/checkout',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary:
            "Stripe Checkout Session (subscription mode) for the plan, for the organisation's customer; answers its URL",
          body: planBodySchema,
          response: { 200: billingRedirectResponseSchema, ...errors },
        },
      },
      async (request) => ({ url: await billing.stripeCheckout(orgOf(request), request.body.plan) }),
    );

    app.post(
      '/v1/subscriptions/stripe/portal',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Stripe Billing Portal session; 409 when the organisation never paid by card',
          response: { 200: billingRedirectResponseSchema, ...errors },
        },
      },
      async (request) => ({ url: await billing.stripePortal(orgOf(request)) }),
    );

    app.post(
      '/v1/subscriptions/stripe/sync',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "Reads the customer's subscriptions from Stripe and answers the subscription",
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request) => ({ subscription: await billing.stripeSync(orgOf(request)) }),
    );
  };
}
