import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengeResponse, normalisePem, parseNotification } from './notifications';

describe('eBay notification helpers', () => {
  it('answers the account deletion challenge (§7 vector)', () => {
    expect(
      challengeResponse(
        'abc123',
        'token_0123456789_0123456789_abcdef',
        'https://example.com/ebay/deletion',
      ),
    ).toBe('4bf8048729ad53e7815197b2a5e1202a99181d7db94d451ae7d4f542a94f5f3c');
  });

  it('rewraps a public key sent on one line into PEM Node accepts', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const oneLine = pem.replace(/\n/g, '');
    expect(normalisePem(oneLine)).toBe(pem);
  });

  it('parses a deletion notification with its id as the idempotency key', () => {
    const body = JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION' },
      notification: {
        notificationId: 'n-1',
        eventDate: '2026-01-01T00:00:00.000Z',
        data: { userId: 'u1' },
      },
    });
    expect(parseNotification({ headers: {}, rawBody: body })).toMatchObject({
      eventId: 'n-1',
      kind: 'deletion',
      account: 'u1',
    });
    expect(() => parseNotification({ headers: {}, rawBody: '{}' })).toThrow(/without topic/);
  });

  it('parses ORDER_CONFIRMATION into an order event naming the order, keyed by the notification', () => {
    const order = (data: Record<string, string>) =>
      JSON.stringify({
        metadata: { topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false },
        notification: { notificationId: 'n-2', eventDate: '2026-01-01T00:00:00.000Z', data },
      });
    expect(
      parseNotification({
        headers: {},
        rawBody: order({ orderId: '12-34567-89012', username: 'seller', userId: 'u1' }),
      }),
    ).toMatchObject({
      eventId: 'n-2',
      topic: 'ORDER_CONFIRMATION',
      kind: 'order',
      resourceId: '12-34567-89012',
      account: 'u1',
      items: [],
    });
    // Without a userId the username names the account (connections fall back to it too).
    expect(
      parseNotification({ headers: {}, rawBody: order({ orderId: 'o', username: 'seller' }) })
        .account,
    ).toBe('seller');
    expect(() => parseNotification({ headers: {}, rawBody: order({ userId: 'u1' }) })).toThrow(
      /without orderId/,
    );
  });
});
