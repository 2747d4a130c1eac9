import { describe, expect, it } from 'vitest';
import { addDecimals } from './sales-summary';

describe('addDecimals', () => {
  it('adds two-place decimal strings exactly, signs and missing places included', () => {
    expect(addDecimals([])).toBe('0.00');
    expect(addDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(addDecimals(['1234567890123.45', '0.55'])).toBe('1234567890124.00');
    expect(addDecimals(['-1.05', '0.5', '3'])).toBe('2.45');
    expect(addDecimals(['-5.00', '2.25'])).toBe('-2.75');
  });
});
