import { describe, expect, it } from 'vitest';
import {
  queryHmac,
  queryHmacMessage,
  verifyQueryHmac,
  verifyWebhookHmac,
  webhookHmac,
} from './hmac';

// docs/channels §7 test vectors.
describe('Shopify HMAC helpers', () => {
  const query = { code: 'abc', shop: 's.myshopify.com', state: '123', timestamp: '1700000000' };

  it('builds the sorted query message without hmac and signs it (§7 vector)', () => {
    expect(queryHmacMessage({ ...query, hmac: 'x', signature: 'y' })).toBe(
      'code=abc&shop=s.myshopify.com&state=123&timestamp=1700000000',
    );
    expect(queryHmac('test_secret', query)).toBe(
      'a6963ebd6b96db3b6858736d568fc2e4b1e1fb35e59c46d2e502677f359f9da3',
    );
  });

  it('verifies a query hmac and rejects a changed parameter or a missing hmac', () => {
    const hmac = 'a6963ebd6b96db3b6858736d568fc2e4b1e1fb35e59c46d2e502677f359f9da3';
    expect(verifyQueryHmac('test_secret', { ...query, hmac })).toBe(true);
    expect(verifyQueryHmac('test_secret', { ...query, state: '124', hmac })).toBe(false);
    expect(verifyQueryHmac('other_secret', { ...query, hmac })).toBe(false);
    expect(verifyQueryHmac('test_secret', query)).toBe(false);
  });

  it('form-encodes values the way the SDK does (spaces as %20)', () => {
    expect(queryHmacMessage({ b: 'x y', a: 'a/b=' })).toBe('a=a%2Fb%3D&b=x%20y');
  });

  it('signs webhook bodies as base64 (§7 vector) and accepts any current secret', () => {
    const body = Buffer.from('{"inventory_item_id":111,"location_id":222,"available":5}');
    expect(webhookHmac('test_secret', body)).toBe('EUhB2qAsur6nP/U5HnbZMqKE76kwYMmFhlprtMu0Czc=');
    const header = 'EUhB2qAsur6nP/U5HnbZMqKE76kwYMmFhlprtMu0Czc=';
    expect(verifyWebhookHmac(['rotated', 'test_secret'], body, header)).toBe(true);
    expect(verifyWebhookHmac(['rotated'], body, header)).toBe(false);
    expect(verifyWebhookHmac(['test_secret'], Buffer.from(`${body.toString()} `), header)).toBe(
      false,
    );
  });
});
