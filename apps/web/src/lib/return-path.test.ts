import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('the path to return to after signing in', () => {
  it('keeps a path of this app, with its search and hash', () => {
    expect(safeReturnPath('/Acme%20Ltd/inventory?page=2#top')).toBe(
      '/Acme%20Ltd/inventory?page=2#top',
    );
    expect(safeReturnPath('/Acme/settings/sku-generator')).toBe('/Acme/settings/sku-generator');
  });

  it('refuses other sites, auth screens, control characters and anything not a path', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/login',
      '/auth',
      '/',
      '/a\nb',
      `/${'x'.repeat(2000)}`,
      undefined,
      42,
    ])
      expect(safeReturnPath(value)).toBeUndefined();
  });
});
