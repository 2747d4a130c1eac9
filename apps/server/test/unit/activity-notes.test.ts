import { describe, expect, it } from 'vitest';
import { activityNote, stockChangeNote } from '../../src/modules/activity/notes';

const facts = {
  product: 'Linen shirt',
  variant: 'M / Blue',
  sku: 'LS-M-B',
  before: 5,
  after: 3,
  change: -2,
  source: 'edited in StockSync',
};

describe('activity notes', () => {
  it('formats a stock change as the activity log shows it', () => {
    expect(stockChangeNote(facts)).toBe(
      "'Linen shirt' / 'M / Blue' (SKU LS-M-B): 5 → 3 (-2), edited in StockSync",
    );
    expect(stockChangeNote({ ...facts, before: 3, after: 10, change: 7 })).toBe(
      "'Linen shirt' / 'M / Blue' (SKU LS-M-B): 3 → 10 (+7), edited in StockSync",
    );
    expect(stockChangeNote({ ...facts, after: 5, change: 0, source: 'order 7 on eBay shop' })).toBe(
      "'Linen shirt' / 'M / Blue' (SKU LS-M-B): 5 → 5 (+0), order 7 on eBay shop",
    );
  });

  it('leaves out the SKU part when the variant has none', () => {
    expect(stockChangeNote({ ...facts, sku: null })).toBe(
      "'Linen shirt' / 'M / Blue': 5 → 3 (-2), edited in StockSync",
    );
    expect(stockChangeNote({ ...facts, sku: '' })).toBe(
      "'Linen shirt' / 'M / Blue': 5 → 3 (-2), edited in StockSync",
    );
  });

  it('answers the stored note of an entry without facts, and refuses facts it cannot read', () => {
    expect(activityNote({ note: 'Imported 3 products', details: null })).toBe(
      'Imported 3 products',
    );
    expect(activityNote({ note: null, details: facts })).toBe(stockChangeNote(facts));
    expect(() => activityNote({ note: null, details: { product: 'x' } })).toThrow();
  });
});
