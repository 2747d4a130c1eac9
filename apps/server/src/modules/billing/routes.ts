import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingRedirectResponseSchema,
  errorResponseSchema,
  gateResponseSchema,
  organizationHeadersSchema,
  planBodySchema,
  plansResponseSchema,
  shopifySyncBodySchema,
  shopSessionsResponseSchema,
  subscriptionResponseSchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import type { BillingService } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const scoped = {
  tags: ['billing'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

/** Plans, the organisation's subscription, Stripe Checkout/portal and Shopify billing. */
export function billingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
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

    // ---------------------------------------------------------------- Stripe
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

    // ---------------------------------------------------------------- Shopify
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
