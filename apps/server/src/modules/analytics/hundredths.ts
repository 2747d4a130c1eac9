/*
 * Money as a count of hundredths of its currency (the aggregates' numeric(16,2)), added exactly:
 * as numbers while every value and sum is a safe integer, else as BigInt (exactSums).
 */

/** Money in hundredths, added as numbers while they stay exact, else as BigInt. */
export interface Hundredths<T> {
  zero: T;
  /** An amount given in hundredths (a safe integer) or as decimal text ("-12.34"). */
  of(amount: number | string): T;
  add(a: T, b: T): T;
  format(value: T): string;
}

/** Thrown by `asNumbers` when a value or a sum would pass Number.MAX_SAFE_INTEGER. */
export class NotSafe extends Error {}

const safe = (value: number): number => {
  if (!Number.isSafeInteger(value)) throw new NotSafe();
  return value;
};

export const asNumbers: Hundredths<number> = {
  zero: 0,
  // Text is what PostgreSQL sends when an amount is past 2^53 hundredths: BigInt's.
  of: (amount) => {
    if (typeof amount === 'string') throw new NotSafe();
    return safe(amount);
  },
  add: (a, b) => safe(a + b),
  format: (value) => {
    const abs = Math.abs(value);
    const rest = abs % 100;
    return `${value < 0 ? '-' : ''}${(abs - rest) / 100}.${String(rest).padStart(2, '0')}`;
  },
};

export const asBigInts: Hundredths<bigint> = {
  zero: 0n,
  of: (amount) => {
    if (typeof amount === 'number') return BigInt(amount);
    const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
    const abs = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    return amount.startsWith('-') ? -abs : abs;
  },
  add: (a, b) => a + b,
  format: (value) => {
    const abs = value < 0n ? -value : value;
    return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  },
};
