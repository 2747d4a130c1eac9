import type { FastifyReply } from 'fastify';
import type { EbayError } from './types';

/**
 * eBay REST error envelope `{errors:[{errorId, domain, subdomain, category, message, ...}]}`
 * (field names confirmed, docs/channels §2.3). Individual error ids marked "unconfirmed" below are
 * our best knowledge, not verified against live eBay.
 */
export class EbayApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: EbayError[],
  ) {
    super(errors[0]?.message ?? 'eBay error');
  }
}

type Parameters = Record<string, string>;

export function ebayError(
  errorId: number,
  domain: string,
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS',
  message: string,
  extra: {
    subdomain?: string;
    longMessage?: string;
    parameters?: Parameters;
    inputRefIds?: string[];
  } = {},
): EbayError {
  const error: EbayError = { errorId, domain, category, message };
  if (extra.subdomain) error.subdomain = extra.subdomain;
  error.longMessage = extra.longMessage ?? message;
  if (extra.inputRefIds) error.inputRefIds = extra.inputRefIds;
  if (extra.parameters) {
    error.parameters = Object.entries(extra.parameters).map(([name, value]) => ({ name, value }));
  }
  return error;
}

const inventory = (
  errorId: number,
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS',
  message: string,
  extra: { parameters?: Parameters; inputRefIds?: string[] } = {},
) => ebayError(errorId, 'API_INVENTORY', category, message, { subdomain: 'Selling', ...extra });

export const errors = {
  /** 401 (errorId 1001 unconfirmed). */
  invalidToken: () =>
    ebayError(1001, 'OAuth', 'REQUEST', 'Invalid access token', {
      longMessage:
        'Invalid access token. Check the value of the Authorization HTTP request header.',
    }),
  /** 403 when the token lacks the scope of the API. */
  insufficientScope: () =>
    ebayError(1100, 'ACCESS', 'REQUEST', 'Access denied', {
      longMessage: 'Insufficient permissions to fulfill the request.',
    }),
  /** 429 for a rate-limited or over-quota call (errorId 2001 unconfirmed). */
  tooManyRequests: () =>
    ebayError(
      2001,
      'ACCESS',
      'REQUEST',
      'Too many requests. The request limit has been reached for the resource.',
    ),
  /** 500 answer of an injected server fault. */
  system: (domain: string) =>
    ebayError(
      domain === 'API_FULFILLMENT' ? 30500 : 25001,
      domain,
      'APPLICATION',
      'A system error has occurred. Please try again later.',
    ),
  skuNotFound: (sku: string) =>
    inventory(25702, 'REQUEST', `SKU ${sku} is not available in the system`, {
      parameters: { sku },
    }),
  invalidSku: (sku: string) =>
    inventory(
      25707,
      'REQUEST',
      'This is an invalid value for a SKU. Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters',
      { parameters: { sku } },
    ),
  invalidValue: (field: string, additionalInfo: string) =>
    inventory(25709, 'REQUEST', `Invalid value for ${field}. ${additionalInfo}`, {
      parameters: { fieldName: field, additionalInfo },
    }),
  userError: (additionalInfo: string) =>
    inventory(25002, 'REQUEST', `A user error has occurred. ${additionalInfo}`, {
      parameters: { additionalInfo },
    }),
  offerNotFound: (offerId?: string) =>
    inventory(
      25713,
      'REQUEST',
      'This Offer is not available.',
      offerId ? { parameters: { offerId } } : {},
    ),
  entityNotFound: () =>
    inventory(
      25710,
      'REQUEST',
      "We didn't find the resource/entity you are requesting. Please verify the request",
    ),
  offerExists: (offerId: string) =>
    inventory(25002, 'REQUEST', 'A user error has occurred. Offer entity already exists.', {
      parameters: { offerId },
    }),
  fulfillmentInvalid: (field: string, message: string) =>
    ebayError(30700, 'API_FULFILLMENT', 'REQUEST', message, {
      subdomain: 'Selling',
      parameters: { fieldName: field },
    }),
  /** Notification API errors (ids and texts from eBay's commerce_notification OAS x-response-codes). */
  notification: (errorId: number, message: string) =>
    ebayError(errorId, 'API_NOTIFICATION', 'REQUEST', message),
  orderNotFound: (orderId: string) =>
    ebayError(32100, 'API_FULFILLMENT', 'REQUEST', 'Invalid Order Id', {
      subdomain: 'Selling',
      parameters: { orderId },
    }),
};

export function sendError(reply: FastifyReply, status: number, list: EbayError[]): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send({ errors: list });
}
