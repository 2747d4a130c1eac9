import { describe, expect, it } from 'vitest';
import { decrypt, deriveKeys, encrypt } from '../../src/lib/crypto';
import { generateCode, hmac, randomToken, safeEqual } from '../../src/lib/secret-tokens';

const keys = deriveKeys('a-test-secret-that-is-long-enough-0123');

describe('encrypt/decrypt', () => {
  it('round-trips text, including unicode and empty strings', () => {
    for (const plain of ['shpat_123', '', 'ünïcødé ✓', 'x'.repeat(10_000)]) {
      expect(decrypt(encrypt(plain, keys.encryption), keys.encryption)).toBe(plain);
    }
  });

  it('uses a fresh IV each time', () => {
    expect(encrypt('same', keys.encryption)).not.toBe(encrypt('same', keys.encryption));
  });

  it('rejects tampered ciphertext and the wrong key', () => {
    const sealed = encrypt('secret token', keys.encryption);
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), keys.encryption),
    ).toThrow();
    const other = deriveKeys('another-secret-that-is-long-enough-456');
    expect(() => decrypt(sealed, other.encryption)).toThrow();
    expect(() => decrypt('garbage', keys.encryption)).toThrow('Malformed');
  });
});

describe('keys', () => {
  it('derives distinct keys per purpose, stable per secret', () => {
    expect(keys.hmac.equals(keys.encryption)).toBe(false);
    expect(Buffer.from(keys.jwt).equals(keys.hmac)).toBe(false);
    expect(keys.cookie.equals(keys.hmac)).toBe(false);
    expect(deriveKeys('a-test-secret-that-is-long-enough-0123').hmac.equals(keys.hmac)).toBe(true);
  });
});

describe('codes and tokens', () => {
  it('generates 6-digit codes', () => {
    const codes = Array.from({ length: 200 }, () => generateCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(150);
  });

  it('hashes with the key', () => {
    expect(hmac('123456', keys.hmac)).toMatch(/^[0-9a-f]{64}$/);
    expect(hmac('123456', keys.hmac)).not.toBe(hmac('123456', keys.encryption));
  });

  it('compares in constant time and handles different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it('makes url-safe random tokens', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
  });
});
