import { describe, expect, it } from 'vitest';
import { etaText, inventoryText, percentDone } from './import-format';

describe('inventoryText', () => {
  it('names the variants only when there is more than one', () => {
    expect(inventoryText(0, 1)).toBe('0 in stock');
    expect(inventoryText(12, 1)).toBe('12 in stock');
    expect(inventoryText(12, 0)).toBe('12 in stock');
    expect(inventoryText(30, 3)).toBe('30 in stock for 3 variants');
  });
});

describe('etaText', () => {
  it('is nothing without an estimate', () => {
    expect(etaText(null)).toBeNull();
    expect(etaText(undefined)).toBeNull();
    expect(etaText(Number.NaN)).toBeNull();
    expect(etaText(-1)).toBeNull();
  });

  it('rounds seconds, minutes and hours', () => {
    expect(etaText(2)).toBe('almost done');
    expect(etaText(12)).toBe('about 15 seconds left');
    expect(etaText(60)).toBe('about 1 minute left');
    expect(etaText(150)).toBe('about 3 minutes left');
    expect(etaText(3900)).toBe('about 1 h 5 min left');
  });
});

describe('percentDone', () => {
  it('counts failures as processed and stays within 0..100', () => {
    expect(percentDone(0, 0, 0)).toBe(0);
    expect(percentDone(5, 0, 10)).toBe(50);
    expect(percentDone(5, 5, 10)).toBe(100);
    expect(percentDone(9, 9, 10)).toBe(100);
    expect(percentDone(1, 0, 3)).toBe(33);
  });
});
