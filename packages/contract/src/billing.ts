import { z } from 'zod';
import { currencySchema } from './organizations';
import { textSchema } from './text';

/* Billing and the feature gate (issue 7; docs/decisions/0030-billing-and-gating.md). */

export const planCodes = ['starter', 'growth', 'pro'] as const;
export const planCodeSchema = z.enum(planCodes);
export type PlanCode = z.infer<typeof planCodeSchema>;

export const billingProviders = ['STRIPE', 'SHOPIFY'] as const;
export const billingProviderSchema = z.enum(billingProviders);
export type BillingProvider = z.infer<typeof billingProviderSchema>;

export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** null means no limit. */
export const planLimitsSchema = z.object({
  connected_accounts: z.number().int().nullable(),
  synced_products: z.number().int().nullable(),
  members: z.number().int().nullable().describe('Members, pending invitations included'),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

const money = z.string().describe('Decimal amount, e.g. "49.00"');

export const planSchema = z.object({
  code: planCodeSchema,
  name: z.string(),
  price: money.describe("Monthly price in the organisation's currency"),
  currency: currencySchema,
  prices: z.object({ USD: money, GBP: money, EUR: money }),
  limits: planLimitsSchema,
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const subscriptionSchema = z.object({
  provider: billingProviderSchema.nullable().describe('null during the free trial'),
  status: subscriptionStatusSchema,
  plan: z.object({ code: planCodeSchema, name: z.string() }).nullable(),
  trial_end: z.string().nullable().describe('ISO 8601 time'),
  current_period_end: z
    .string()
    .nullable()
    .describe('ISO 8601 time: end of the current period; for an ended subscription, when it ended'),
  cancel_at_period_end: z.boolean(),
  is_gated: z.boolean(),
  usage: z.object({
    connected_accounts: z.number().int(),
    synced_products: z.number().int(),
    members: z.number().int(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const gateResponseSchema = z.object({ is_gated: z.boolean() });
export type GateResponse = z.infer<typeof gateResponseSchema>;

export const billingMessages = {
  planInvalid: 'Choose one of the plans: starter, growth or pro',
  subscriptionRequired:
    'Your organisation needs an active subscription to do this. Choose a plan in Billing.',
  stripeUnavailable: 'Card payments are not configured on this server',
  noStripeCustomer:
    'This organisation has no Stripe billing account yet. Choose a plan and pay by card first.',
  noShopifyConnection:
    'Shopify billing needs a connected Shopify store. Connect your Shopify store first.',
  shopifyRefused: 'Shopify did not accept the subscription. Please try again.',
  signatureInvalid: 'Invalid Stripe-Signature',
  webhookBodyNotJson: 'The webhook body is not JSON',
  webhookNotEvent: 'The webhook body is not a Stripe event (id, type, created and data.object)',
} as const;

export const planBodySchema = z.object({
  plan: z.enum(planCodes, { error: billingMessages.planInvalid }),
});
export type PlanBody = z.infer<typeof planBodySchema>;

export const billingRedirectResponseSchema = z.object({ url: z.string() });
export type BillingRedirectResponse = z.infer<typeof billingRedirectResponseSchema>;

export const shopifySyncBodySchema = z.object({
  shopify_sub: textSchema('shopify_sub', { min: 0, max: 200, trim: false })
    .optional()
    .describe('The shopify_sub of the return URL (a Shopify AppSubscription id or our reference)'),
});
export type ShopifySyncBody = z.infer<typeof shopifySyncBodySchema>;

export const shopSessionSchema = z.object({
  pc_id: z.uuid(),
  shop: z.string(),
  alias: z.string(),
  status: z.string(),
});
export type ShopSession = z.infer<typeof shopSessionSchema>;

export const shopSessionsResponseSchema = z.object({ sessions: z.array(shopSessionSchema) });
export type ShopSessionsResponse = z.infer<typeof shopSessionsResponseSchema>;

export const gateErrorCodes = ['subscription_required', 'plan_limit'] as const;

/** 402 answer of a gated action. */
export const gateErrorResponseSchema = z.object({
  error: z.string(),
  code: z.enum(gateErrorCodes),
});
export type GateErrorResponse = z.infer<typeof gateErrorResponseSchema>;
