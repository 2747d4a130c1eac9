import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../repo-root';
import { emptyToUndefined, optionalUrl } from './values';

/** Where the server listens, keeps its state and sends mail from; its secret. */
export const serverSettings = {
  PORT: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000))
    .describe('HTTP port to listen on (default 3000).'),
  HOST: z
    .preprocess(emptyToUndefined, z.string().default('localhost'))
    .describe("Interface to listen on (default 'localhost'; use 0.0.0.0 in containers)."),
  DATA_DIR: z
    .preprocess(emptyToUndefined, z.string().default(path.join(REPO_ROOT, '.data')))
    .describe(
      'Directory for local state: embedded PostgreSQL data, the generated secret, the mail outbox (default <repo>/.data).',
    ),
  DATABASE_URL: optionalUrl.describe(
    'PostgreSQL connection string. Unset: an embedded PostgreSQL is started with its data in DATA_DIR/pg.',
  ),
  SMTP_URL: optionalUrl.describe(
    'SMTP server for outgoing mail, e.g. smtp://user:pass@host:587. Unset: mail goes to the log and DATA_DIR/outbox.log.',
  ),
  MAIL_FROM: z
    .preprocess(emptyToUndefined, z.string().default('StockSync <no-reply@stocksync.local>'))
    .describe('From address of outgoing mail (default StockSync <no-reply@stocksync.local>).'),
  APP_URL: optionalUrl.describe(
    'Public URL of the app, used in mails (default http://localhost:PORT).',
  ),
  APP_SECRET: z
    .preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional())
    .describe(
      'Secret for signing tokens and encrypting stored credentials. Unset: 32 random bytes are generated once into DATA_DIR/secret.key.',
    ),
};
