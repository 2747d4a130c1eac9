import { describe, expect, it } from 'vitest';
import { cleanSearchText, inventorySearchSchema } from './inventory-search';

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
