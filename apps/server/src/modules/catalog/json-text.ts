import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/** A response body already written as the JSON of a `T`. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

export const jsonText = <T>(text: string): JsonText<T> => text as JsonText<T>;

/**
 * Sends JSON text as it is: given a JSON content type, Fastify sends a string without running
 * the route's serializer (its response schema still documents the answer).
 */
export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
