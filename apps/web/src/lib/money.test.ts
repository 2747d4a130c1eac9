import { describe, expect, it } from 'vitest';
import { formatAmountInput, normaliseAmount, parseCost } from './money';

describe('amounts typed the organisation’s way (issue 22 item 6)', () => {
  it.each([
    ['12,50', 'EUR', '12.50'],
    ['12.50', 'EUR', '12.50'],
    ['1.250', 'EUR', '1250'],
    ['1.234,5', 'EUR', '1234.5'],
    ['1 234,50', 'EUR', '1234.50'],
    ['12.50', 'USD', '12.50'],
    ['12,50', 'USD', '12.50'],
    ['1,250', 'USD', '1250'],
    ['1,234.5', 'USD', '1234.5'],
    ['7', 'GBP', '7'],
  ] as const)('reads %s in %s as %s', (text, currency, amount) => {
    expect(normaliseAmount(text, currency)).toBe(amount);
  });

  it.each(['1,2,3', '12,5a', '1.23.4,5', 'abc', '1e3', '1,23,456.7'])('refuses %s', (text) => {
    expect(normaliseAmount(text, 'USD')).toBeNull();
  });

  it('accepts "12,50" as a cost in euros and shows costs with a comma', () => {
    expect(parseCost('12,50', 'EUR')).toEqual({ ok: true, cost: 12.5 });
    expect(formatAmountInput(12.5, 'EUR')).toBe('12,50');
    expect(formatAmountInput(12.5, 'USD')).toBe('12.50');
  });

  it('says why an amount is refused', () => {
    expect(parseCost('12;50', 'EUR')).toEqual({
      ok: false,
      error: 'Price must be a valid amount (max 2 decimal places)',
      hint: 'Write it like 12,50.',
    });
    // A comma is the euro's decimal mark: "1,255" has three decimals, it is not a thousand.
    expect(parseCost('1,250', 'EUR')).toEqual({ ok: true, cost: 1.25 });
    expect(parseCost('1,255', 'EUR')).toMatchObject({
      ok: false,
      error: 'Price must be a valid amount (max 2 decimal places)',
    });
    expect(parseCost('-1', 'USD')).toMatchObject({ ok: false });
    expect(parseCost('', 'EUR')).toEqual({ ok: true, cost: 0 });
  });
});
