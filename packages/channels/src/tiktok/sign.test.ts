import { describe, expect, it } from 'vitest';
import { signInput, signRequest, verifyWebhookSignature, webhookSignature } from './sign';

// docs/channels §7 test vectors.
describe('TikTok Shop signing', () => {
  const query = {
    app_key: 'abc123',
    timestamp: '1700000000',
    shop_cipher: 'ROW_x',
    page_size: '20',
  };
  const path = '/product/202309/products/search';
  const body = '{"status":"ACTIVATE"}';

  it('builds the sign input from sorted params, path and body, without sign/access_token', () => {
    expect(signInput('test_secret', path, { ...query, sign: 'x', access_token: 't' }, body)).toBe(
      'test_secret/product/202309/products/searchapp_keyabc123page_size20shop_cipherROW_xtimestamp1700000000{"status":"ACTIVATE"}test_secret',
    );
  });

  it('signs a request (§7 vector)', () => {
    expect(signRequest('test_secret', path, query, body)).toBe(
      '40d3247ee3c0b96f74e12b4df67aa060a9df87709cd1aa85585422af9bfe3281',
    );
  });

  it('signs and verifies webhooks over app_key + raw body (§7 vector)', () => {
    const raw = Buffer.from(
      '{"type":1,"shop_id":"1","timestamp":1700000000,"data":{"order_id":"9"}}',
    );
    const expected = '1cc7b6be1d276336904e78aed499d9a13ec1af5fe58601e95156ab86bef17abc';
    expect(webhookSignature('abc123', 'test_secret', raw)).toBe(expected);
    expect(verifyWebhookSignature('abc123', 'test_secret', raw, expected.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature('other', 'test_secret', raw, expected)).toBe(false);
  });
});
