import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TiktokErrorCode } from './settings';
import type { Envelope } from './types';

/** request_id like TikTok's: a UTC timestamp followed by random hex. */
export function requestId(nowMs = Date.now()): string {
  const d = new Date(nowMs)
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return d + randomBytes(10).toString('hex').toUpperCase();
}

export function ok<T>(reply: FastifyReply, data: T, message = 'Success'): FastifyReply {
  const body: Envelope<T> = { code: 0, message, request_id: requestId(), data };
  return reply.code(200).header('content-type', 'application/json').send(body);
}

export function fail(reply: FastifyReply, error: TiktokErrorCode, detail?: string): FastifyReply {
  const body: Envelope<null> = {
    code: error.code,
    message: detail ? `${error.message} ${detail}` : error.message,
    request_id: requestId(),
    data: null,
  };
  return reply.code(error.httpStatus).header('content-type', 'application/json').send(body);
}
