import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { settle, startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * eBay marketplace account deletion carried out (issue 20 item 2, docs/decisions/0034): the
 * emulator's signed MARKETPLACE_ACCOUNT_DELETION notice, over real HTTP, for an account whose
 * catalogue was imported and which sold stock. The deletion job completes, the account's tokens and
 * personal data are gone, and the inventory ledger is exactly as it was (it is append-only).
 */

vi.setConfig({ testTimeout: 60_000 });

let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg();
}, 120_000);

afterAll(() => org?.close());

const ledger = () =>
  org.t.db.db
    .selectFrom('inventory_ledger')
    .selectAll()
    .where('organization_id', '=', org.user.firstOrgId)
    .orderBy('id')
    .execute();

const connection = (id: string) =>
  org.t.db.db
    .selectFrom('platform_connections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();

describe('eBay marketplace account deletion', () => {
  it('deletes the account’s tokens and personal data and leaves the stock history unchanged', async () => {
    const { t, ch, pc, user, linked } = org;
    const account = ch.ebay.settings.account;
    // Stock sold on eBay: the sale is in the ledger under the eBay connection.
    const { sku } = linked[0]!;
    ch.ebay.simulateSale({ sku, quantity: 1 });
    await settle(org);
    const before = await ledger();
    const ebayEntries = before.filter((e) => e.connection_id === pc.ebay);
    expect(new Set(ebayEntries.map((e) => e.cause))).toEqual(new Set(['import', 'order']));
    const ebayRow = await connection(pc.ebay);
    expect(ebayRow).toMatchObject({ status: 'active', ebay_id: account.userId });
    expect(ebayRow?.access_token_enc).toBeTruthy();

    const delivered = ch.ebay.core.webhooks.log.length;
    ch.ebay.sendAccountDeletion();
    await ch.ebay.core.webhooks.idle();
    expect(ch.ebay.core.webhooks.log.slice(delivered).map((d) => d.status)).toEqual([200]);
    await settle(org);

    // The job completed: graphile-worker removed it, and the event is marked processed.
    const jobs = await sql<{ task_identifier: string; last_error: string | null }>`
      SELECT task_identifier, last_error FROM graphile_worker.jobs`.execute(t.db.db);
    expect(jobs.rows.filter((j) => j.last_error !== null)).toEqual([]);
    expect(jobs.rows.map((j) => j.task_identifier)).not.toContain('webhooks_process');
    const event = await t.db.db
      .selectFrom('processed_webhook_events')
      .selectAll()
      .where('topic', '=', 'MARKETPLACE_ACCOUNT_DELETION')
      .executeTakeFirstOrThrow();
    expect(event.processed_at).not.toBeNull();

    // Tokens and the eBay user's personal data are gone with the connection and its listings.
    expect(await connection(pc.ebay)).toBeUndefined();
    const listings = await t.db.db
      .selectFrom('channel_listings')
      .select('id')
      .where('connection_id', '=', pc.ebay)
      .execute();
    expect(listings).toEqual([]);
    const mentions = await sql<{ n: string }>`
      SELECT
        (SELECT count(*) FROM platform_connections
         WHERE ${account.userId} IN (external_account_id, ebay_id)
            OR ${account.username} IN (username, alias))
      + (SELECT count(*) FROM activity_logs
         WHERE strpos(concat(activity, note, details), ${account.username}) > 0)
      + (SELECT count(*) FROM processed_webhook_events
         WHERE account IN (${account.userId}, ${account.username})) AS n`.execute(t.db.db);
    expect(Number(mentions.rows[0]!.n)).toBe(0);
    const activities = await t.db.db
      .selectFrom('activity_logs')
      .select('activity')
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(activities.map((a) => a.activity)).toEqual(
      expect.arrayContaining([
        'eBay account data deleted',
        'Connected eBay account (deleted account)',
      ]),
    );

    // The ledger is untouched: same rows, same connection ids (opaque now).
    expect(await ledger()).toEqual(before);

    // The other accounts go on, and the product's history shows the deleted account's sale
    // without platform or alias.
    expect((await connection(pc.shopify))?.status).toBe('active');
    expect((await connection(pc.tiktok))?.status).toBe('active');
    const history = await t.app.inject({
      method: 'GET',
      url: `/v1/products/${linked[0]!.productId}/ledger`,
      headers: { ...user.headers, 'x-organization-id': user.firstOrgId },
    });
    expect(history.statusCode).toBe(200);
    const sale = (history.json() as { entries: Array<Record<string, unknown>> }).entries.find(
      (e) => e.cause === 'order',
    );
    expect(sale).toMatchObject({ platform: null, alias: null, delta: -1 });
  });
});
