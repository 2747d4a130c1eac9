import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { envSchema, type Env } from './schema';

export { describeSettings, envSchema } from './schema';

export interface Config extends Omit<Env, 'APP_URL' | 'APP_SECRET'> {
  APP_URL: string;
  /** Resolved secret: from APP_SECRET or DATA_DIR/secret.key. */
  APP_SECRET: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws ConfigError listing every bad key. No side effects. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Reads DATA_DIR/secret.key, creating it (32 random bytes, mode 0600) on first use. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError([`${file}: secret is too short; delete the file to regenerate it`]);
  return secret;
}

/** Full configuration: parsed env plus derived defaults (APP_URL, APP_SECRET). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return Object.freeze({
    ...parsed,
    DATA_DIR: dataDir,
    APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    APP_SECRET: parsed.APP_SECRET ?? loadOrCreateSecret(dataDir),
  });
}
