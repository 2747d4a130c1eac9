import { describe, expect, it } from 'vitest';
import { normalizeShopDomain } from './connect-shopify';

describe('normalizeShopDomain', () => {
  it('accepts a shop handle, a domain or a pasted URL', () => {
    expect(normalizeShopDomain('my-shop')).toBe('my-shop.myshopify.com');
    expect(normalizeShopDomain('  My-Shop.myshopify.com ')).toBe('my-shop.myshopify.com');
    expect(normalizeShopDomain('https://my-shop.myshopify.com/admin/products')).toBe(
      'my-shop.myshopify.com',
    );
  });

  it('refuses what cannot be a myshopify.com domain', () => {
    expect(normalizeShopDomain('')).toBeNull();
    expect(normalizeShopDomain('not a shop')).toBeNull();
    expect(normalizeShopDomain('shop.example.com')).toBeNull();
    expect(normalizeShopDomain('-shop.myshopify.com')).toBeNull();
  });
});
