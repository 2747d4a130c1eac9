import { errorResponseSchema, organizationHeadersSchema } from '@stocksync/contract';

/** The answers every billing route may give besides its own. */
export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Every billing route works on one organisation (X-Organization-Id). */
export const scoped = {
  tags: ['billing'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};
