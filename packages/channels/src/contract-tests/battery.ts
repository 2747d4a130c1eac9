import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, RateLimitedError, TransientError, ValidationError } from '../port/errors';
import { matchesSearch, searchWords } from '../port/search';
import type {
  ChannelCredentials,
  ChannelProduct,
  ChannelVariant,
  OrderLine,
  WebhookRequest,
} from '../port/types';
import type { ContractHarness, HarnessFactory } from './harness';

const byId = (a: { externalId: string }, b: { externalId: string }) =>
  a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0;

const shape = (products: ChannelProduct[]) =>
  [...products].sort(byId).map((p) => ({
    externalId: p.externalId,
    variants: p.variants
      .map((v) => ({ externalId: v.externalId, sku: v.sku, quantity: v.quantity }))
      .sort(byId),
  }));

function tamper(request: WebhookRequest): WebhookRequest {
  const body = Buffer.from(request.rawBody);
  const copy = Buffer.concat([
    body.subarray(0, body.length - 1),
    Buffer.from(' '),
    body.subarray(body.length - 1),
  ]);
  return { ...request, rawBody: copy };
}

/**
 * The behaviour every channel adapter must show against its channel (here: its emulator).
 * Written once; each `*.contract.test.ts` calls it with a factory for one adapter.
 */
export function channelContract(name: string, factory: HarnessFactory): void {
  describe(`${name} adapter contract`, () => {
    let h: ContractHarness;
    let credentials: ChannelCredentials;
    let catalogue: ChannelProduct[] = [];
    const stocked = (count: number): ChannelVariant[] =>
      catalogue
        .flatMap((p) => p.variants)
        .filter((v) => v.sku !== '')
        .slice(0, count);

    beforeAll(async () => {
      h = await factory();
    });
    afterAll(async () => {
      h.faults('none');
      await h.close();
    });

    it('authorises: consent URL carries the state, the code is exchanged for tokens', async () => {
      const url = h.adapter.authoriseUrl(h.authoriseRequest);
      expect(new URL(url).searchParams.get('state')).toBe(h.authoriseRequest.state);
      const query = await h.consent(url);
      await expect(
        h.adapter.exchangeCode({ query, expectedState: 'someone-else' }),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(
        h.adapter.exchangeCode({
          query: { error: 'access_denied', state: h.authoriseRequest.state },
          expectedState: h.authoriseRequest.state,
        }),
      ).rejects.toThrow(/not granted/);
      credentials = await h.adapter.exchangeCode({
        query,
        expectedState: h.authoriseRequest.state,
      });
      expect(credentials.accessToken).toBeTruthy();
      expect(credentials.refreshToken).toBeTruthy();
      expect(credentials.expiresAt).toBeGreaterThan(0);
    });

    it('refreshes the access token (keeping a usable refresh token) and rejects a bad one', async () => {
      const refreshed = await h.adapter.refresh(credentials);
      expect(refreshed.accessToken).not.toBe(credentials.accessToken);
      expect(refreshed.refreshToken).toBeTruthy();
      const again = await h.adapter.refresh(refreshed);
      expect(again.accessToken).not.toBe(refreshed.accessToken);
      credentials = again;
      await expect(
        h.adapter.refresh({ ...credentials, refreshToken: 'not-a-refresh-token' }),
      ).rejects.toBeInstanceOf(AuthError);
    });

    it('lists the catalogue page by page: exactly the seeded products, variants and SKUs', async () => {
      const seen: ChannelProduct[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await h.adapter.listCatalogue(credentials, { cursor, pageSize: 3 });
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBeGreaterThan(1);
      catalogue = seen;
      expect(shape(seen)).toEqual(
        h
          .seeded()
          .map((p) => ({ ...p, variants: [...p.variants].sort(byId) }))
          .sort(byId),
      );
      for (const variant of seen.flatMap((p) => p.variants)) {
        expect(variant.price).toMatch(/^\d+(\.\d+)?$/);
      }
    });

    it('searches the catalogue by title words and by SKU, across pages', async () => {
      const all = async (search: string) => {
        const found: ChannelProduct[] = [];
        let cursor: string | null = null;
        let calls = 0;
        do {
          const page = await h.adapter.listCatalogue(credentials, { cursor, pageSize: 2, search });
          found.push(...page.items);
          cursor = page.nextCursor;
          expect(++calls).toBeLessThan(100);
        } while (cursor);
        return found;
      };
      const skusOf = (p: ChannelProduct) => p.variants.map((v) => v.sku);
      const expected = (search: string) =>
        catalogue.filter((p) => matchesSearch(search, p.title, skusOf(p)));

      // A title word that some products have and others lack.
      const words = [...new Set(catalogue.flatMap((p) => searchWords(p.title)))];
      const word = words.find((w) => {
        const n = expected(w).length;
        return n > 0 && n < catalogue.length;
      });
      expect(word).toBeDefined();
      const byWord = await all(word!.toUpperCase());
      expect(shape(byWord)).toEqual(shape(expected(word!)));

      // Every word must be in the title, in any order.
      const target = catalogue.find((p) => searchWords(p.title).length >= 2)!;
      const [first, second] = searchWords(target.title);
      const twoWords = `${second} ${first}`;
      const byTwo = await all(twoWords);
      expect(byTwo.map((p) => p.externalId)).toContain(target.externalId);
      expect(shape(byTwo)).toEqual(shape(expected(twoWords)));

      // A SKU, whole.
      const sku = catalogue.flatMap(skusOf).find((value) => value !== '')!;
      const bySku = await all(sku.toLowerCase());
      expect(bySku.length).toBeGreaterThan(0);
      expect(shape(bySku)).toEqual(shape(expected(sku)));

      expect(await all('zzqx nothing-like-this')).toEqual([]);
    });

    it('exports the whole catalogue with the same content as paging', async () => {
      const exported = await h.adapter.exportCatalogue(credentials);
      expect(shape(exported)).toEqual(shape(catalogue));
    });

    it('reads inventory equal to the channel state', async () => {
      const variants = stocked(4);
      const levels = await h.adapter.readInventory(
        credentials,
        variants.map((v) => ({
          sku: v.sku,
          externalVariantId: v.externalId,
          inventoryItemId: v.inventoryItemId,
        })),
      );
      for (const variant of variants) {
        const mine = levels.filter((l) => l.sku === variant.sku);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.reduce((sum, l) => sum + l.available, 0)).toBe(h.quantity(variant));
      }
    });

    it('sets inventory in one batch and the channel holds the new quantities', async () => {
      const variants = stocked(3);
      const results = await h.adapter.setInventory(
        credentials,
        variants.map((v, i) => ({
          ref: { sku: v.sku, externalVariantId: v.externalId, inventoryItemId: v.inventoryItemId },
          quantity: 40 + i,
        })),
        { idempotencyKey: `contract-${name}-set` },
      );
      expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
      variants.forEach((v, i) => expect(h.quantity(v)).toBe(40 + i));
    });

    // Atomic where capabilities.compareAndSet says so; a read-then-write check elsewhere.
    it('reports a compare-quantity mismatch as a conflict with the actual quantity', async () => {
      const [variant] = stocked(1);
      const ref = {
        sku: variant!.sku,
        externalVariantId: variant!.externalId,
        inventoryItemId: variant!.inventoryItemId,
      };
      const [conflict] = await h.adapter.setInventory(credentials, [
        { ref, quantity: 7, compareQuantity: 999 },
      ]);
      expect(conflict).toMatchObject({ status: 'conflict', actual: 40 });
      expect(h.quantity(variant!)).toBe(40);
      const [ok] = await h.adapter.setInventory(credentials, [
        { ref, quantity: 7, compareQuantity: 40 },
      ]);
      expect(ok?.status).toBe('ok');
      expect(h.quantity(variant!)).toBe(7);
    });

    it('makes a sale observable (webhook verified and parsed, or order poll)', async () => {
      const variant = stocked(3)[2]!;
      const before = h.quantity(variant);
      const since = new Date(h.now() - 60_000).toISOString();
      const delivery = await h.sell(variant, 2);
      expect(h.quantity(variant)).toBe(before - 2);
      let lines: OrderLine[];
      if (delivery) {
        expect(await h.adapter.verifyWebhook(delivery)).toBe(true);
        const event = h.adapter.parseWebhook(delivery);
        expect(event.kind).toBe('order');
        expect(event.eventId).toBeTruthy();
        lines = event.items.map((item) => ({
          sku: item.ref.sku ?? '',
          quantity: item.quantity ?? 0,
        }));
        if (!lines.length && h.adapter.getOrders) {
          const orders = await h.adapter.getOrders(credentials, [event.resourceId!]);
          lines = orders.flatMap((o) => o.lines);
        }
      } else {
        const page = await h.adapter.listOrders!(credentials, { since });
        lines = page.orders.flatMap((o) => o.lines);
      }
      const sold = lines
        .filter((l) => l.sku === variant.sku)
        .reduce((sum, l) => sum + l.quantity, 0);
      expect(sold).toBe(2);
    });

    it('verifies webhook signatures over the raw body and rejects tampering', async () => {
      const delivery = await h.signedWebhook();
      expect(await h.adapter.verifyWebhook(delivery)).toBe(true);
      expect(await h.adapter.verifyWebhook(tamper(delivery))).toBe(false);
      expect(h.adapter.parseWebhook(delivery).eventId).toBeTruthy();
      const unsigned = Object.fromEntries(
        Object.entries(delivery.headers).filter(
          ([key]) => !/signature|hmac|authorization/i.test(key),
        ),
      );
      expect(await h.adapter.verifyWebhook({ ...delivery, headers: unsigned })).toBe(false);
    });

    it('maps rate limiting to RateLimitedError and server errors to TransientError', async () => {
      const [variant] = stocked(1);
      const read = () =>
        h.adapter.readInventory(credentials, [
          {
            sku: variant!.sku,
            externalVariantId: variant!.externalId,
            inventoryItemId: variant!.inventoryItemId,
          },
        ]);
      h.faults('rate_limit');
      const limited = await read().catch((error: unknown) => error);
      h.faults('server_error');
      const failed = await read().catch((error: unknown) => error);
      h.faults('none');
      expect(limited).toBeInstanceOf(RateLimitedError);
      expect((limited as RateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(0);
      expect(failed).toBeInstanceOf(TransientError);
      expect((await read()).length).toBeGreaterThan(0);
    });

    it('maps an invalid or revoked token to AuthError', async () => {
      await expect(
        h.adapter.listCatalogue({ ...credentials, accessToken: `${credentials.accessToken}x` }),
      ).rejects.toBeInstanceOf(AuthError);
    });
  });
}
