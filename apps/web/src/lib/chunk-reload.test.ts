import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForChunkError } from './chunk-reload';

describe('reloadOnceForChunkError', () => {
  const reload = vi.fn();
  beforeEach(() => vi.stubGlobal('window', { location: { reload } }));
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('reloads once per distinct failed-chunk message', () => {
    const first = new TypeError('Failed to fetch dynamically imported module: /assets/a-1.js');
    const second = new TypeError('Failed to fetch dynamically imported module: /assets/b-2.js');
    expect(reloadOnceForChunkError(first)).toBe(true);
    expect(reloadOnceForChunkError(first)).toBe(false);
    expect(reloadOnceForChunkError(second)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('counts a reload the router already made for the same message', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/c-3.js');
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
    expect(reloadOnceForChunkError(error)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores other errors', () => {
    expect(reloadOnceForChunkError(new Error('Something else'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
