import { errorResponseSchema, organizationHeadersSchema } from '@stocksync/contract';

/** The answers every connections route may give besides its own. */
export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Routes on one organisation (X-Organization-Id). */
export const scoped = {
  tags: ['platforms'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

/** Routes of the signed-in user, the organisation named by the OAuth state. */
export const signedIn = { tags: ['platforms'], security: [{ bearer: [] }] };
