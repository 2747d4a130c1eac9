import { z } from 'zod';

/*
 * The headers each webhook route reads, for the OpenAPI document. Optional in the schema on
 * purpose: a missing or wrong signature is the signature check's answer (401 for the channels,
 * 400 naming stripe-signature for Stripe), not a schema error. Vendors' descriptions:
 * Shopify https://shopify.dev/docs/apps/build/webhooks/subscribe/https (X-Shopify-Hmac-Sha256),
 * eBay https://developer.ebay.com/marketplace-account-deletion (X-EBAY-SIGNATURE),
 * TikTok Shop https://partner.tiktokshop.com/docv2/page/tts-webhooks-overview (Authorization),
 * Stripe https://docs.stripe.com/webhooks#verify-events (Stripe-Signature).
 */

export const shopifyWebhookHeadersSchema = z.looseObject({
  'x-shopify-hmac-sha256': z
    .string()
    .optional()
    .describe('Required. Base64 HMAC-SHA256 of the raw body, keyed with the app secret'),
  'x-shopify-topic': z.string().optional().describe('Required. The topic, e.g. orders/create'),
  'x-shopify-webhook-id': z
    .string()
    .optional()
    .describe('Required (or X-Shopify-Event-Id). Id of the delivery, to apply it once'),
  'x-shopify-shop-domain': z.string().optional().describe('The shop the event belongs to'),
});

export const tiktokWebhookHeadersSchema = z.looseObject({
  authorization: z
    .string()
    .optional()
    .describe('Required. Hex HMAC-SHA256 of app key + raw body, keyed with the app secret'),
});

export const ebayNotificationHeadersSchema = z.looseObject({
  'x-ebay-signature': z
    .string()
    .optional()
    .describe(
      'Required. Base64 JSON {alg, kid, signature, digest}: ECDSA signature of the raw body with the eBay public key kid',
    ),
});

export const stripeWebhookHeadersSchema = z.looseObject({
  'stripe-signature': z
    .string()
    .optional()
    .describe(
      'Required. t=<unix time>,v1=<hex HMAC-SHA256 of "t.body" keyed with the endpoint secret>',
    ),
});
