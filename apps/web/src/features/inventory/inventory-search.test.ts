import { describe, expect, it } from 'vitest';
import {
  cleanSearchText,
  hasFilters,
  inventorySearchSchema,
  toProductListParams,
  toSelectionFilters,
} from './inventory-search';

describe('the inventory search text', () => {
  it('turns control characters into spaces and trims, as the API takes it', () => {
    expect(cleanSearchText('  wool\tmug\u001f ')).toBe('wool mug');
    expect(cleanSearchText('MUG-1\r\n')).toBe('MUG-1');
    expect(cleanSearchText('plain')).toBe('plain');
    // Invisible formatting pasted with a name: the API's text rule refuses it too.
    expect(cleanSearchText('wool\u200bmug\u202e')).toBe('wool mug');
  });

  it('is cleaned when read from the URL, numbers included', () => {
    expect(inventorySearchSchema.parse({ search: 'a\tb' }).search).toBe('a b');
    expect(inventorySearchSchema.parse({ search: 123 }).search).toBe('123');
    expect(inventorySearchSchema.parse({}).search).toBeUndefined();
    expect(inventorySearchSchema.parse({ search: 'x'.repeat(201) }).search).toBeUndefined();
  });
});

describe('the inventory sort in the URL', () => {
  it('keeps a known column and direction, and drops anything else', () => {
    expect(inventorySearchSchema.parse({ sort: 'available_qty', order: 'desc' })).toMatchObject({
      sort: 'available_qty',
      order: 'desc',
    });
    const bad = inventorySearchSchema.parse({ sort: 'price', order: 'sideways' });
    expect(bad.sort).toBeUndefined();
    expect(bad.order).toBeUndefined();
  });

  it('sends the sort with the filters, ascending unless told, and never an order alone', () => {
    const search = inventorySearchSchema.parse({ sort: 'title', search: 'wool', page: 2 });
    expect(toProductListParams(search)).toMatchObject({ sort: 'title', order: 'asc', page: 2 });
    expect(toProductListParams(inventorySearchSchema.parse({ order: 'desc' })).order).toBe(
      undefined,
    );
    expect(toSelectionFilters(toProductListParams(search))).toEqual({ search: 'wool' });
  });
});

describe('the stock level filter in the URL (issue 22 item 3)', () => {
  it('keeps oversold and low, drops anything else, and sends it to the API', () => {
    const oversold = inventorySearchSchema.parse({ stock: 'oversold', page: 3 });
    expect(toProductListParams(oversold)).toMatchObject({ stock: 'oversold', page: 3 });
    expect(hasFilters(oversold)).toBe(true);
    expect(inventorySearchSchema.parse({ stock: 'low' }).stock).toBe('low');
    const unknown = inventorySearchSchema.parse({ stock: 'empty' });
    expect(unknown.stock).toBeUndefined();
    expect(hasFilters(unknown)).toBe(false);
  });
});
