import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { errorSerializer, requestSerializer } from './log-serializers';
import { REDACTED, redactSecrets } from './url-secrets';

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
