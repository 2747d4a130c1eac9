import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * A stable operationId from the method and URL: GET /v1/platforms/shopify/{id} ->
 * getV1PlatformsShopifyById. Clients generated from the document name their calls by it.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      return param ? `by ${param[1]}` : segment;
    })
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The zod route schemas as OpenAPI, plus what every operation needs to be a valid document: an
 * operationId, and `security: []` on the routes that declare none (they are public: sign-in,
 * health, webhooks checked by their signatures, Shopify's install link).
 */
export const documentTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return out;
  const method = [input.route.method].flat()[0] ?? 'get';
  return {
    url: out.url,
    schema: { operationId: operationIdOf(method, out.url), security: [], ...schema },
  };
};
