import '@shopify/shopify-api/adapters/node';
import { ApiVersion, shopifyApi } from '@shopify/shopify-api';
import { describe, expect, it } from 'vitest';
import {
  hmacHex,
  queryHmacMessage,
  signQuery,
  verifyQueryHmac,
  verifyWebhookHmac,
  webhookHmac,
} from './hmac';

// docs/channels §7 test vectors (Shopify rows).
const OAUTH_VECTOR = {
  secret: 'test_secret',
  message: 'code=abc&shop=s.myshopify.com&state=123&timestamp=1700000000',
  expected: 'a6963ebd6b96db3b6858736d568fc2e4b1e1fb35e59c46d2e502677f359f9da3',
};
const WEBHOOK_VECTOR = {
  secret: 'test_secret',
  body: '{"inventory_item_id":111,"location_id":222,"available":5}',
  expected: 'EUhB2qAsur6nP/U5HnbZMqKE76kwYMmFhlprtMu0Czc=',
};

describe('Shopify signatures (§7 vectors)', () => {
  it('signs the OAuth query vector', () => {
    expect(hmacHex(OAUTH_VECTOR.secret, OAUTH_VECTOR.message)).toBe(OAUTH_VECTOR.expected);
    const params = { code: 'abc', shop: 's.myshopify.com', state: '123', timestamp: '1700000000' };
    expect(queryHmacMessage({ ...params, hmac: 'ignored' })).toBe(OAUTH_VECTOR.message);
    // Key order of the input must not matter.
    expect(
      signQuery('test_secret', {
        timestamp: '1700000000',
        state: '123',
        shop: 's.myshopify.com',
        code: 'abc',
      }),
    ).toBe(OAUTH_VECTOR.expected);
  });

  it('verifies the OAuth query vector and rejects a tampered one', () => {
    const query = {
      code: 'abc',
      shop: 's.myshopify.com',
      state: '123',
      timestamp: '1700000000',
      hmac: OAUTH_VECTOR.expected,
    };
    expect(verifyQueryHmac('test_secret', query)).toBe(true);
    expect(verifyQueryHmac('test_secret', { ...query, state: '124' })).toBe(false);
    expect(verifyQueryHmac('other_secret', query)).toBe(false);
  });

  it('signs and verifies the webhook vector', () => {
    expect(webhookHmac(WEBHOOK_VECTOR.secret, WEBHOOK_VECTOR.body)).toBe(WEBHOOK_VECTOR.expected);
    expect(
      verifyWebhookHmac(WEBHOOK_VECTOR.secret, WEBHOOK_VECTOR.body, WEBHOOK_VECTOR.expected),
    ).toBe(true);
    expect(
      verifyWebhookHmac(WEBHOOK_VECTOR.secret, WEBHOOK_VECTOR.body + ' ', WEBHOOK_VECTOR.expected),
    ).toBe(false);
  });

  it('agrees with @shopify/shopify-api on query HMACs, including values that need encoding', async () => {
    const shopify = shopifyApi({
      apiKey: 'key',
      apiSecretKey: 'test_secret',
      hostName: 'app.example.com',
      apiVersion: ApiVersion.October25,
      isEmbeddedApp: false,
      logger: { level: 0 },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const params = { code: 'a b+c', shop: 's.myshopify.com', state: 'x/y=z&w', timestamp };
    const query = { ...params, hmac: signQuery('test_secret', params) };
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    expect(await shopify.utils.validateHmac({ ...query, state: 'other' })).toBe(false);
  });
});
