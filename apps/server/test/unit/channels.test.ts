import { describe, expect, it } from 'vitest';
import { buildChannels, sandboxPlatforms } from '../../src/modules/connections/channels';

const real = {
  APP_URL: 'https://app.example.com',
  SHOPIFY_CLIENT_ID: 'shop-id',
  SHOPIFY_CLIENT_SECRET: 'shop-secret',
  EBAY_CLIENT_ID: 'ebay-id',
  EBAY_CLIENT_SECRET: 'ebay-secret',
  EBAY_RU_NAME: 'Ru-Name',
  TIKTOK_APP_KEY: 'tt-key',
  TIKTOK_APP_SECRET: 'tt-secret',
  TIKTOK_SERVICE_ID: 'tt-service',
};

describe('channel settings', () => {
  it('puts exactly the platforms without complete credentials in sandbox mode', () => {
    expect(sandboxPlatforms({})).toEqual(['shopify', 'ebay', 'tiktok']);
    expect(sandboxPlatforms(real)).toEqual([]);
    expect(sandboxPlatforms({ ...real, EBAY_RU_NAME: undefined })).toEqual(['ebay']);
  });

  it('uses the configured credentials and production URLs when credentials are set', () => {
    const channels = buildChannels(real);
    expect(channels.shopify.sandbox).toBe(false);
    expect(channels.ebay.sandbox).toBe(false);
    expect(channels.tiktok.sandbox).toBe(false);
    const shopifyUrl = new URL(
      channels.shopify.adapter.authoriseUrl({ state: 's', shop: 'a.myshopify.com' }),
    );
    expect(shopifyUrl.origin).toBe('https://a.myshopify.com');
    expect(shopifyUrl.searchParams.get('client_id')).toBe('shop-id');
    expect(shopifyUrl.searchParams.get('redirect_uri')).toBe(
      'https://app.example.com/auth/shopify/callback',
    );
    const ebayUrl = new URL(channels.ebay.adapter.authoriseUrl({ state: 's' }));
    expect(ebayUrl.origin).toBe('https://auth.ebay.com');
    expect(ebayUrl.searchParams.get('redirect_uri')).toBe('Ru-Name');
    expect(new URL(channels.tiktok.adapter.authoriseUrl({ state: 's' })).origin).toBe(
      'https://services.tiktokshop.com',
    );
    expect(channels.webhookUrls.ebayDeletion).toBe(
      'https://app.example.com/v1/webhooks/ebay/account-deletion',
    );
  });

  it('honours every base URL setting', () => {
    const channels = buildChannels({
      ...real,
      SHOPIFY_SHOP_URL_TEMPLATE: 'http://proxy.local/{shop}',
      EBAY_AUTH_BASE_URL: 'https://auth.sandbox.ebay.com',
      TIKTOK_AUTHORIZE_BASE_URL: 'https://services.tiktokshop.eu',
    });
    expect(channels.shopify.adapter.config.shopUrlTemplate).toBe('http://proxy.local/{shop}');
    expect(new URL(channels.ebay.adapter.authoriseUrl({ state: 's' })).origin).toBe(
      'https://auth.sandbox.ebay.com',
    );
    expect(new URL(channels.tiktok.adapter.authoriseUrl({ state: 's' })).origin).toBe(
      'https://services.tiktokshop.eu',
    );
  });

  it('refuses to build a platform with neither credentials nor an emulator', () => {
    expect(() => buildChannels({ APP_URL: 'http://localhost:3000' })).toThrow(
      /no credentials configured and no sandbox emulator/,
    );
  });
});
