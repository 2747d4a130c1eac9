import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ebayError, errors, sendError } from './errors';
import { baseUrl, contentLocale, parseBody, parsePaging } from './http';
import { authenticate } from './oauth';
import type { EbaySettings } from './settings';
import type { EbayStore } from './state';
import type { TokenStore } from './tokens';
import type {
  BulkGetInventoryItemResponse,
  BulkInventoryItemResponse,
  BulkPriceQuantityResponse,
  GetInventoryItemResponse,
  InventoryItem,
  InventoryItemGroup,
  InventoryItemResponse,
  InventoryItems,
  Offer,
  OfferResponse,
  Offers,
  PriceQuantityResponse,
  PublishResponse,
  WithdrawResponse,
} from './types';

export const INVENTORY_PREFIX = '/sell/inventory/v1';

const amount = z.looseObject({
  value: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string().length(3),
});
const aspects = z.record(z.string(), z.array(z.string()));
const quantity = z.number().int().min(0);

const inventoryItemSchema = z.looseObject({
  condition: z.string().optional(),
  availability: z
    .looseObject({
      shipToLocationAvailability: z
        .looseObject({
          quantity: quantity.optional(),
          availabilityDistributions: z
            .array(
              z.looseObject({
                merchantLocationKey: z.string().optional(),
                quantity: quantity.optional(),
              }),
            )
            .optional(),
        })
        .optional(),
    })
    .optional(),
  product: z
    .looseObject({ title: z.string().max(80).optional(), aspects: aspects.optional() })
    .optional(),
});

const skuString = z.string().min(1).max(50);
const bulkGetSchema = z.object({ requests: z.array(z.looseObject({ sku: skuString })) });
const bulkCreateSchema = z.object({
  requests: z.array(inventoryItemSchema.extend({ sku: skuString, locale: z.string().optional() })),
});
const bulkPriceQuantitySchema = z.object({
  requests: z.array(
    z.looseObject({
      sku: skuString,
      shipToLocationAvailability: z.looseObject({ quantity: quantity.optional() }).optional(),
      offers: z
        .array(
          z.looseObject({
            offerId: z.string().min(1),
            availableQuantity: quantity.optional(),
            price: amount.optional(),
          }),
        )
        .optional(),
    }),
  ),
});

const offerFields = {
  availableQuantity: quantity.optional(),
  categoryId: z.string().optional(),
  pricingSummary: z.looseObject({ price: amount.optional() }).optional(),
  merchantLocationKey: z.string().optional(),
  listingDescription: z.string().optional(),
  listingDuration: z.string().optional(),
};
const offerCreateSchema = z.looseObject({
  sku: skuString,
  marketplaceId: z.string().min(1),
  format: z.enum(['FIXED_PRICE', 'AUCTION']),
  ...offerFields,
});
const offerUpdateSchema = z.looseObject(offerFields);

const groupSchema = z.looseObject({
  title: z.string().max(80).optional(),
  description: z.string().optional(),
  aspects: aspects.optional(),
  imageUrls: z.array(z.string()).optional(),
  variantSKUs: z.array(skuString).min(1),
  variesBy: z
    .looseObject({
      aspectsImageVariesBy: z.array(z.string()).optional(),
      specifications: z.array(z.looseObject({ name: z.string(), values: z.array(z.string()) })),
    })
    .optional(),
});

const groupNotFound = (key: string) =>
  ebayError(
    25705,
    'API_INVENTORY',
    'REQUEST',
    `The Inventory Item Group named ${key} could not be found or is not available in the system.`,
    { subdomain: 'Selling', parameters: { inventoryItemGroupKey: key } },
  );

const tooMany = (max: number, what = 'requests') =>
  errors.invalidValue(what, `The number of ${what} must not exceed ${max}.`);

export function registerInventory(
  app: FastifyInstance,
  deps: { settings: EbaySettings; store: EbayStore; tokens: TokenStore },
): void {
  const { settings, store, tokens } = deps;
  const P = INVENTORY_PREFIX;
  const read = (request: FastifyRequest, reply: FastifyReply) =>
    authenticate(tokens, request, reply, {
      anyOf: ['sell.inventory', 'sell.inventory.readonly'],
      user: true,
    });
  const write = (request: FastifyRequest, reply: FastifyReply) =>
    authenticate(tokens, request, reply, { anyOf: ['sell.inventory'], user: true });
  const param = (request: FastifyRequest, name: string) =>
    (request.params as Record<string, string>)[name] ?? '';

  // ---- inventory items ----

  app.get(`${P}/inventory_item/:sku`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const sku = param(request, 'sku');
    const stored = store.items.get(sku);
    if (!stored) return sendError(reply, 404, [errors.skuNotFound(sku)]);
    return store.view(stored);
  });

  app.put(`${P}/inventory_item/:sku`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const locale = contentLocale(request, reply);
    if (!locale) return reply;
    const sku = param(request, 'sku');
    if (!skuString.safeParse(sku).success) return sendError(reply, 400, [errors.invalidSku(sku)]);
    const body = parseBody(inventoryItemSchema, request, reply);
    if (!body) return reply;
    store.putItem(sku, locale, body as InventoryItem);
    const status = settings.inventoryItemPutStatus;
    if (status === 204) return reply.code(204).send();
    return reply
      .code(status)
      .header('content-language', request.headers['content-language'])
      .send({ warnings: [] });
  });

  app.delete(`${P}/inventory_item/:sku`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const sku = param(request, 'sku');
    if (!store.deleteItem(sku)) return sendError(reply, 404, [errors.skuNotFound(sku)]);
    return reply.code(204).send();
  });

  app.get(`${P}/inventory_item`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const paging = parsePaging(request.query as Record<string, string>, reply, {
      limit: settings.inventoryListDefaultLimit,
      max: settings.inventoryListMaxLimit,
    });
    if (!paging) return reply;
    const { limit, offset } = paging;
    const skus = store.skus();
    const page = skus.slice(offset, offset + limit);
    const link = (o: number) => `${baseUrl(request)}${P}/inventory_item?offset=${o}&limit=${limit}`;
    const answer: InventoryItems = {
      href: link(offset),
      limit,
      size: page.length,
      total: skus.length,
      inventoryItems: page.map((sku) => store.view(store.items.get(sku)!)),
    };
    if (offset + limit < skus.length) answer.next = link(offset + limit);
    if (offset > 0) answer.prev = link(Math.max(0, offset - limit));
    return answer;
  });

  app.post(`${P}/bulk_get_inventory_item`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const body = parseBody(bulkGetSchema, request, reply);
    if (!body) return reply;
    if (body.requests.length > settings.bulkMaxRequests) {
      return sendError(reply, 400, [tooMany(settings.bulkMaxRequests)]);
    }
    const responses: GetInventoryItemResponse[] = body.requests.map(({ sku }) => {
      const stored = store.items.get(sku);
      if (!stored) return { statusCode: 404, sku, errors: [errors.skuNotFound(sku)] };
      const { groupIds: _groupIds, ...item } = store.view(stored);
      return { statusCode: 200, sku, inventoryItem: item };
    });
    const answer: BulkGetInventoryItemResponse = { responses };
    return reply.code(responses.every((r) => r.statusCode === 200) ? 200 : 207).send(answer);
  });

  app.post(`${P}/bulk_create_or_replace_inventory_item`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const locale = contentLocale(request, reply);
    if (!locale) return reply;
    const body = parseBody(bulkCreateSchema, request, reply);
    if (!body) return reply;
    if (body.requests.length > settings.bulkMaxRequests) {
      return sendError(reply, 400, [tooMany(settings.bulkMaxRequests)]);
    }
    const responses: InventoryItemResponse[] = body.requests.map((entry) => {
      const { sku, locale: entryLocale, ...item } = entry;
      const itemLocale = entryLocale ?? locale;
      store.putItem(sku, itemLocale, item as InventoryItem);
      return { statusCode: 200, sku, locale: itemLocale };
    });
    const answer: BulkInventoryItemResponse = { responses };
    return answer;
  });

  app.post(`${P}/bulk_update_price_quantity`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const body = parseBody(bulkPriceQuantitySchema, request, reply);
    if (!body) return reply;
    if (body.requests.length > settings.bulkMaxRequests) {
      return sendError(reply, 400, [tooMany(settings.bulkMaxRequests)]);
    }
    const offerCount = body.requests.reduce((n, r) => n + (r.offers?.length ?? 0), 0);
    if (offerCount > settings.bulkMaxOffers) {
      return sendError(reply, 400, [tooMany(settings.bulkMaxOffers, 'offers')]);
    }
    const responses: PriceQuantityResponse[] = [];
    for (const entry of body.requests) {
      const { sku } = entry;
      if (!store.items.has(sku)) {
        responses.push({ statusCode: 404, sku, errors: [errors.skuNotFound(sku)] });
        continue;
      }
      if (entry.shipToLocationAvailability?.quantity !== undefined) {
        store.setItemQuantity(sku, entry.shipToLocationAvailability.quantity);
        responses.push({ statusCode: 200, sku });
      }
      for (const change of entry.offers ?? []) {
        const offer = store.offers.get(change.offerId);
        if (!offer || offer.sku !== sku) {
          responses.push({
            statusCode: 404,
            sku,
            offerId: change.offerId,
            errors: [errors.offerNotFound(change.offerId)],
          });
          continue;
        }
        if (change.availableQuantity !== undefined)
          offer.availableQuantity = change.availableQuantity;
        if (change.price) {
          offer.pricingSummary = {
            ...offer.pricingSummary,
            price: { value: change.price.value, currency: change.price.currency },
          };
        }
        responses.push({ statusCode: 200, sku, offerId: change.offerId });
      }
    }
    const answer: BulkPriceQuantityResponse = { responses };
    return reply.code(responses.every((r) => r.statusCode === 200) ? 200 : 207).send(answer);
  });

  // ---- offers ----

  app.get(`${P}/offer`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const sku = query.sku;
    if (!sku)
      return sendError(reply, 400, [
        errors.invalidValue('sku', 'The sku query parameter is required.'),
      ]);
    const paging = parsePaging(query, reply, {
      limit: settings.offersDefaultLimit,
      max: settings.offersMaxLimit,
    });
    if (!paging) return reply;
    if (!store.items.has(sku)) return sendError(reply, 404, [errors.skuNotFound(sku)]);
    const all = store
      .offersOf(sku)
      .filter(
        (o) =>
          (!query.marketplace_id || o.marketplaceId === query.marketplace_id) &&
          (!query.format || o.format === query.format),
      );
    if (all.length === 0) return sendError(reply, 404, [errors.offerNotFound()]);
    const { limit, offset } = paging;
    const link = (o: number) =>
      `${baseUrl(request)}${P}/offer?sku=${encodeURIComponent(sku)}&offset=${o}&limit=${limit}`;
    const page = all.slice(offset, offset + limit);
    const answer: Offers = {
      href: link(offset),
      limit,
      size: page.length,
      total: all.length,
      offers: page,
    };
    if (offset + limit < all.length) answer.next = link(offset + limit);
    if (offset > 0) answer.prev = link(Math.max(0, offset - limit));
    return answer;
  });

  app.post(`${P}/offer`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    if (!contentLocale(request, reply)) return reply;
    const body = parseBody(offerCreateSchema, request, reply);
    if (!body) return reply;
    if (!store.items.has(body.sku)) return sendError(reply, 400, [errors.skuNotFound(body.sku)]);
    const existing = store
      .offersOf(body.sku)
      .find((o) => o.marketplaceId === body.marketplaceId && o.format === body.format);
    if (existing?.offerId) return sendError(reply, 400, [errors.offerExists(existing.offerId)]);
    const offer = store.addOffer({ ...(body as Offer), status: 'UNPUBLISHED' });
    const answer: OfferResponse = { offerId: offer.offerId, warnings: [] };
    return reply
      .code(201)
      .header('content-language', request.headers['content-language'])
      .send(answer);
  });

  app.get(`${P}/offer/:offerId`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const offerId = param(request, 'offerId');
    const offer = store.offers.get(offerId);
    if (!offer) return sendError(reply, 404, [errors.offerNotFound(offerId)]);
    return offer;
  });

  app.put(`${P}/offer/:offerId`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    if (!contentLocale(request, reply)) return reply;
    const offerId = param(request, 'offerId');
    const offer = store.offers.get(offerId);
    if (!offer) return sendError(reply, 404, [errors.offerNotFound(offerId)]);
    const body = parseBody(offerUpdateSchema, request, reply);
    if (!body) return reply;
    // updateOffer is a full replace of the editable fields; identity and listing state are kept.
    const { offerId: id, sku, marketplaceId, format, status, listing } = offer;
    for (const key of Object.keys(offer)) delete (offer as Record<string, unknown>)[key];
    Object.assign(offer, body, { offerId: id, sku, marketplaceId, format, status, listing });
    const answer: OfferResponse = { offerId, warnings: [] };
    return answer;
  });

  app.delete(`${P}/offer/:offerId`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const offerId = param(request, 'offerId');
    if (!store.deleteOffer(offerId)) return sendError(reply, 404, [errors.offerNotFound(offerId)]);
    return reply.code(204).send();
  });

  const missingForPublish = (offer: Offer): string | undefined => {
    const item = store.items.get(offer.sku ?? '');
    if (!item) return `The inventory item for SKU ${offer.sku} is missing.`;
    if (!item.item.product?.title)
      return 'The title value is invalid. Product.title is required to publish.';
    if (!offer.pricingSummary?.price?.value)
      return 'No price was provided. Offer.pricingSummary.price is required to publish.';
    if (!offer.categoryId)
      return 'No category was provided. Offer.categoryId is required to publish.';
    if (offer.availableQuantity === undefined && (store.quantityOf(offer.sku ?? '') ?? 0) === 0) {
      return 'The quantity must be greater than 0 to publish.';
    }
    return undefined;
  };

  app.post(`${P}/offer/:offerId/publish`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const offerId = param(request, 'offerId');
    const offer = store.offers.get(offerId);
    if (!offer) return sendError(reply, 404, [errors.offerNotFound(offerId)]);
    const problem = missingForPublish(offer);
    if (problem) return sendError(reply, 400, [errors.userError(problem)]);
    const listingId =
      offer.listing?.listingStatus === 'ACTIVE' && offer.listing.listingId
        ? offer.listing.listingId
        : store.newListingId();
    store.publish(offer, listingId);
    const answer: PublishResponse = { listingId, warnings: [] };
    return answer;
  });

  app.post(`${P}/offer/publish_by_inventory_item_group`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const body = parseBody(
      z.object({ inventoryItemGroupKey: z.string().min(1), marketplaceId: z.string().min(1) }),
      request,
      reply,
    );
    if (!body) return reply;
    const group = store.groups.get(body.inventoryItemGroupKey);
    if (!group) return sendError(reply, 404, [groupNotFound(body.inventoryItemGroupKey)]);
    const offers: Offer[] = [];
    for (const sku of group.variantSKUs ?? []) {
      const offer = store
        .offersOf(sku)
        .find((o) => o.marketplaceId === body.marketplaceId && o.format === 'FIXED_PRICE');
      const problem = offer
        ? missingForPublish(offer)
        : `No offer exists for SKU ${sku} on ${body.marketplaceId}.`;
      if (problem) return sendError(reply, 400, [errors.userError(problem)]);
      offers.push(offer!);
    }
    const listingId =
      offers.find((o) => o.listing?.listingStatus === 'ACTIVE')?.listing?.listingId ??
      store.newListingId();
    for (const offer of offers) store.publish(offer, listingId);
    const answer: PublishResponse = { listingId, warnings: [] };
    return answer;
  });

  app.post(`${P}/offer/:offerId/withdraw`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const offerId = param(request, 'offerId');
    const offer = store.offers.get(offerId);
    if (!offer) return sendError(reply, 404, [errors.offerNotFound(offerId)]);
    if (offer.status !== 'PUBLISHED' || !offer.listing?.listingId) {
      return sendError(reply, 400, [errors.userError('The offer is not published.')]);
    }
    offer.status = 'UNPUBLISHED';
    offer.listing.listingStatus = 'ENDED';
    const answer: WithdrawResponse = { listingId: offer.listing.listingId, warnings: [] };
    return answer;
  });

  // ---- inventory item groups ----

  app.get(`${P}/inventory_item_group/:key`, async (request, reply) => {
    if (!read(request, reply)) return reply;
    const key = param(request, 'key');
    const group = store.groups.get(key);
    if (!group) return sendError(reply, 404, [groupNotFound(key)]);
    return group;
  });

  app.put(`${P}/inventory_item_group/:key`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    if (!contentLocale(request, reply)) return reply;
    const key = param(request, 'key');
    const body = parseBody(groupSchema, request, reply);
    if (!body) return reply;
    for (const sku of body.variantSKUs) {
      const stored = store.items.get(sku);
      if (!stored) return sendError(reply, 400, [errors.skuNotFound(sku)]);
      for (const spec of body.variesBy?.specifications ?? []) {
        if (!stored.item.product?.aspects?.[spec.name]) {
          return sendError(reply, 400, [
            errors.userError(
              `The inventory item ${sku} has no product aspect ${spec.name} named in variesBy.specifications.`,
            ),
          ]);
        }
      }
    }
    store.putGroup(key, body as InventoryItemGroup);
    return reply.code(204).send();
  });

  app.delete(`${P}/inventory_item_group/:key`, async (request, reply) => {
    if (!write(request, reply)) return reply;
    const key = param(request, 'key');
    if (!store.deleteGroup(key)) return sendError(reply, 404, [groupNotFound(key)]);
    return reply.code(204).send();
  });
}
