import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Query parameters whose values are secrets or single-use credentials: OAuth codes and states
 * (Shopify, eBay, TikTok callbacks), Shopify's hmac, invitation and API tokens, signatures.
 */
const SENSITIVE_PARAMS = [
  'code',
  'auth_code',
  'state',
  'hmac',
  'signature',
  'sig',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  'secret',
  'api_key',
  'apikey',
];

export const REDACTED = '[redacted]';

// A sensitive name after ? or &, then its value up to the next separator or the end of the URL.
const SENSITIVE_QUERY = new RegExp(`([?&](?:${SENSITIVE_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** `text` with the value of every sensitive query parameter in it replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SENSITIVE_QUERY, `$1${REDACTED}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL's secrets taken out. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer; an error's message may quote a URL it failed on. */
function errorSerializer(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string')
    serialized.message = redactSecrets(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactSecrets(serialized.stack);
  return serialized;
}

/** Header paths that carry credentials wherever a request or an HTTP client's error is logged. */
const REDACTED_HEADERS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'Set-Cookie',
  'x-shopify-hmac-sha256',
  'X-Shopify-Hmac-Sha256',
];
const REDACTED_PATHS = REDACTED_HEADERS.flatMap((header) => [
  `req.headers["${header}"]`,
  `res.headers["${header}"]`,
  `headers["${header}"]`,
  `*.headers["${header}"]`,
  `err.config.headers["${header}"]`,
  `err.response.headers["${header}"]`,
]);

/**
 * pino options every server logger uses: request URLs, error messages and log messages lose
 * their secrets, and credential headers are censored wherever they appear in a logged object.
 */
export function redactingLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: requestSerializer, err: errorSerializer },
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}

/** The process's logger (main.ts); `destination` defaults to stdout. */
export function createServerLogger(level: string, destination?: DestinationStream): Logger {
  const options = redactingLoggerOptions(level);
  return destination ? pino(options, destination) : pino(options);
}
