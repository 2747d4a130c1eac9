import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Keys derived from APP_SECRET, one per purpose, so a leak of one does not expose the others. */
export interface Keys {
  /** HS256 key for access tokens. */
  jwt: Uint8Array;
  /** AES-256-GCM key for secrets at rest (channel tokens). */
  encryption: Buffer;
  /** HMAC key for login codes and refresh tokens. */
  hmac: Buffer;
  /** Key for signed cookies (pending_email). */
  cookie: Buffer;
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'stocksync', purpose, 32));
}

export function deriveKeys(secret: string): Keys {
  return {
    jwt: new Uint8Array(derive(secret, 'jwt-hs256')),
    encryption: derive(secret, 'aes-256-gcm'),
    hmac: derive(secret, 'hmac-sha256'),
    cookie: derive(secret, 'cookie-signing'),
  };
}

const VERSION = 'v1';

/** Encrypts with AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Reverses encrypt; throws if the value was tampered with or encrypted with another key. */
export function decrypt(payload: string, key: Buffer): string {
  const [version, iv, tag, data, ...rest] = payload.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) {
    throw new Error('Malformed encrypted value');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
