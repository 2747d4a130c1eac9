import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { startTestChannels, type TestChannels } from '../support/channels';
import { freePort } from '../support/jobs';

/**
 * The eBay notification endpoint takes posts from anyone; each names the key id its signature was
 * made with, and the server asks eBay for unknown ones (getPublicKey, Notification API quota).
 * A flood of made-up key ids must spend a bounded number of those calls and leave genuine notices
 * verifying (issue 20 item 3, docs/decisions/0034).
 */

let t: TestApp;
let ch: TestChannels;
let base: string;

/** The adapter's default budget (packages/channels/src/ebay/config.ts). */
const FETCH_BURST = 10;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ch = await startTestChannels({ appUrl: base });
  t = await createTestApp({ channels: ch.channels, config: { APP_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await ch?.close();
});

/** getPublicKey calls the eBay emulator has answered. */
const keyFetches = () =>
  ch.ebay.core.recorder.list({ pathIncludes: '/commerce/notification/v1/public_key/' }).length;

/** A genuine notice from the emulator (signed with eBay's key): the HTTP status we answered. */
async function genuineNotice() {
  const sent = ch.ebay.core.webhooks.log.length;
  ch.ebay.sendAccountDeletion();
  await ch.ebay.core.webhooks.idle();
  return ch.ebay.core.webhooks.log[sent]?.status;
}

/** A notice signed with a key id eBay never issued. */
function forged(kid: string) {
  const body = JSON.stringify({
    metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
    notification: { notificationId: randomUUID(), data: { userId: 'someone' } },
  });
  const header = Buffer.from(
    JSON.stringify({ alg: 'ECDSA', kid, signature: 'c2lnbmF0dXJl', digest: 'SHA1' }),
  ).toString('base64');
  return fetch(`${base}/v1/webhooks/ebay/account-deletion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ebay-signature': header },
    body,
  });
}

describe('eBay notification key ids', () => {
  it('a flood of unknown key ids spends a bounded number of getPublicKey calls; genuine notices still verify', async () => {
    expect(await genuineNotice()).toBe(200);
    expect(keyFetches()).toBe(1);

    // 200 made-up ids, each sent twice, all at once.
    const kids = Array.from({ length: 200 }, () => randomUUID());
    const answers = await Promise.all([...kids, ...kids].map((kid) => forged(kid)));
    const afterFlood = keyFetches();
    expect(afterFlood).toBeLessThanOrEqual(FETCH_BURST);
    const statuses = new Set(answers.map((a) => a.status));
    // 401 once eBay said it has no such key; 503 (eBay may deliver again) when the budget is spent.
    expect([...statuses].every((s) => s === 401 || s === 503)).toBe(true);
    expect(statuses.has(503)).toBe(true);

    // The ids eBay already refused are not asked again.
    const refused = kids.filter((_, i) => answers[i]!.status === 401);
    expect(refused.length).toBeGreaterThan(0);
    for (const kid of refused) expect((await forged(kid)).status).toBe(401);
    expect(keyFetches()).toBe(afterFlood);

    // A genuine notice right after the flood verifies with the key already known.
    expect(await genuineNotice()).toBe(200);
    expect(keyFetches()).toBe(afterFlood);
  });
});
