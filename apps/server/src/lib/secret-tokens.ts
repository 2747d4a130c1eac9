import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Random codes and tokens, and their keyed digests compared in constant time. */

export function hmac(value: string, key: Buffer): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Uniformly random 6-digit code, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
