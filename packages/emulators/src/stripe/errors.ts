/** Stripe's error body: `{ error: { type, code?, message, param?, decline_code?, doc_url? } }`. */
export interface StripeErrorBody {
  type:
    | 'api_error'
    | 'card_error'
    | 'idempotency_error'
    | 'invalid_request_error'
    | 'rate_limit_error'
    | 'authentication_error';
  code?: string;
  message: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

/** Thrown by operations; the route wrapper turns it into the HTTP answer. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
    doc_url: docUrl('parameter_missing'),
  });
}

export function invalidParam(param: string, message: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    message,
    param,
  });
}

/** A real Stripe parameter the emulator does not model and will not silently ignore. */
export function unsupportedParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message: `The Stripe emulator does not support the parameter ${param} (see packages/emulators/src/stripe/README.md).`,
    param,
  });
}

export function unknownParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    message: `Received unknown parameter: ${param}`,
    param,
    doc_url: docUrl('parameter_unknown'),
  });
}

/** 404 for an object named in the URL; 400 (same body) for one named in a parameter. */
export function resourceMissing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(param === 'id' ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: docUrl('resource_missing'),
  });
}

export function invalidState(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
  });
}

export const DECLINES: Record<string, { decline_code: string; message: string }> = {
  generic_decline: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export function cardDeclined(reason: keyof typeof DECLINES = 'generic_decline'): StripeApiError {
  const decline = DECLINES[reason] ?? DECLINES.generic_decline!;
  return new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: decline.decline_code,
    message: decline.message,
    doc_url: docUrl('card_declined'),
  });
}

export function unrecognizedUrl(method: string, url: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

export function rateLimited(): StripeApiError {
  return new StripeApiError(429, {
    type: 'invalid_request_error',
    code: 'rate_limit',
    message:
      'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    doc_url: docUrl('rate_limit'),
  });
}

export function serverError(): StripeApiError {
  return new StripeApiError(500, {
    type: 'api_error',
    message: 'An unknown error occurred while processing your request.',
  });
}
