import pino from 'pino';
import { redactSecrets } from './url-secrets';

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL's secrets taken out. */
export function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer; an error's message may quote a URL it failed on. */
export function errorSerializer(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string')
    serialized.message = redactSecrets(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactSecrets(serialized.stack);
  return serialized;
}
