import { describe, expect, it } from 'vitest';
import { daysText, tokenExpiryState } from './token-expiry';

const now = Date.parse('2026-01-01T00:00:00Z');

describe('tokenExpiryState', () => {
  it('is none without a usable date', () => {
    expect(tokenExpiryState(null, now)).toEqual({ kind: 'none' });
    expect(tokenExpiryState('not a date', now)).toEqual({ kind: 'none' });
  });

  it('is lapsed at or after the expiry', () => {
    expect(tokenExpiryState('2026-01-01T00:00:00Z', now)).toEqual({ kind: 'lapsed' });
    expect(tokenExpiryState('2025-12-01T00:00:00Z', now)).toEqual({ kind: 'lapsed' });
  });

  it('warns within 30 days and not after', () => {
    expect(tokenExpiryState('2026-01-01T06:00:00Z', now)).toEqual({ kind: 'soon', days: 1 });
    expect(tokenExpiryState('2026-01-31T00:00:00Z', now)).toEqual({ kind: 'soon', days: 30 });
    expect(tokenExpiryState('2026-02-01T00:00:00Z', now)).toEqual({ kind: 'ok', days: 31 });
  });

  it('words the days', () => {
    expect(daysText(1)).toBe('in 1 day');
    expect(daysText(12)).toBe('in 12 days');
  });
});
