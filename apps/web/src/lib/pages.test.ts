import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageRange } from './pages';

describe('pages of a list', () => {
  it('counts at least one page', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(303, 50)).toBe(7);
    expect(pageCountOf(300, 50)).toBe(6);
  });

  it('shows the last page for a page past the end', () => {
    expect(clampPage(99, 303, 50)).toBe(7);
    expect(clampPage(3, 303, 50)).toBe(3);
    expect(clampPage(5, 0, 50)).toBe(1);
  });

  it('numbers the items of the page shown, never past the total', () => {
    // Issue 20 item 7: page 99 of 303 products read "4901–303 of 303".
    expect(pageRange(99, 303, 50)).toEqual({ first: 301, last: 303 });
    expect(pageRange(1, 303, 50)).toEqual({ first: 1, last: 50 });
    expect(pageRange(4, 0, 50)).toEqual({ first: 0, last: 0 });
  });
});
