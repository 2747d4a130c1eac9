import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@stocksync/contract';
import { badRequest } from '../lib/errors';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * JSON bodies must be UTF-8 (RFC 8259 §8.1). Fastify's own parser reads the body as a string,
 * which turns bytes that are not UTF-8 into U+FFFD, so a malformed body was taken as text with
 * replacement characters in it (an organisation could be named "\uFFFD\uFFFD"). Here the bytes are
 * decoded strictly first (400 naming the body), then parsed by Fastify's own parser, with its
 * refusal of __proto__ and constructor.prototype keys.
 */
export function registerStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(badRequest(errorMessages.bodyNotUtf8, 'body'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
