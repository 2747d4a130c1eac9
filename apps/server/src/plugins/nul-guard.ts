import type { FastifyInstance } from 'fastify';
import { textMessages } from '@stocksync/contract';
import { badRequest } from '../lib/errors';

/** The first query or path parameter whose value holds a NUL, or null. */
function nulParameter(values: unknown): string | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && text.includes('\u0000'))) return name;
  }
  return null;
}

/**
 * PostgreSQL can neither store nor compare a NUL, so none may reach it from a URL: every query
 * and path parameter is checked before any route schema, whatever that schema allows (the
 * contract's text rule, ADR 0035, already refuses NUL in the fields it covers; this holds for
 * the rest and for routes to come). The answer names the parameter, as a schema's would.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const name = nulParameter(request.params) ?? nulParameter(request.query);
    if (name !== null) throw badRequest(textMessages.forbiddenCharacters(name), name);
  });
}
