import { ValidationError } from '../port/errors';
import type { ChannelWebhookEvent, WebhookKind, WebhookRequest } from '../port/types';
import { headerOf, rawBodyBuffer, rawBodyText } from '../port/util';
import { gid } from './graphql';
import { verifyWebhookHmac } from './hmac';

/** Topics stocksync subscribes to per shop (GraphQL enum form is upper snake case). */
export const SHOPIFY_TOPICS = [
  'inventory_levels/update',
  'orders/create',
  'orders/cancelled',
  'products/update',
  'products/delete',
  'app/uninstalled',
] as const;

export const topicToEnum = (topic: string) => topic.replace(/[/.]/g, '_').toUpperCase();

const KINDS: Record<string, WebhookKind> = {
  'inventory_levels/update': 'inventory',
  'orders/create': 'order',
  'orders/cancelled': 'order',
  'orders/updated': 'order',
  'products/create': 'product',
  'products/update': 'product',
  'products/delete': 'product',
  'inventory_items/update': 'product',
  'app/uninstalled': 'uninstalled',
  'customers/data_request': 'deletion',
  'customers/redact': 'deletion',
  'shop/redact': 'deletion',
};

/** Both header families: classic `X-Shopify-*` and events' `shopify-*`. */
const shopifyHeader = (request: WebhookRequest, name: string) =>
  headerOf(request.headers, `x-shopify-${name}`) ?? headerOf(request.headers, `shopify-${name}`);

export function verifyShopifyWebhook(secrets: string[], request: WebhookRequest): boolean {
  const signature = shopifyHeader(request, 'hmac-sha256');
  if (!signature) return false;
  return verifyWebhookHmac(secrets, rawBodyBuffer(request.rawBody), signature);
}

interface OrderPayload {
  id: number;
  /** What the shop and its customers call the order: "#1003". */
  name?: string;
  created_at?: string;
  /** Where its stock was taken, when Shopify says (point of sale; online orders often none). */
  location_id?: number | null;
  line_items?: Array<{
    sku?: string | null;
    variant_id?: number | null;
    product_id?: number | null;
    quantity: number;
  }>;
}

export function parseShopifyWebhook(request: WebhookRequest): ChannelWebhookEvent {
  const topic = shopifyHeader(request, 'topic');
  const eventId = shopifyHeader(request, 'event-id') ?? shopifyHeader(request, 'webhook-id');
  if (!topic || !eventId) throw new ValidationError('Shopify webhook without topic or webhook id');
  let payload: unknown;
  try {
    payload = JSON.parse(rawBodyText(request.rawBody));
  } catch {
    throw new ValidationError('Shopify webhook body is not JSON');
  }
  const body = (payload ?? {}) as Record<string, unknown>;
  const kind = KINDS[topic] ?? 'other';
  const event: ChannelWebhookEvent = {
    eventId,
    topic,
    kind,
    account: shopifyHeader(request, 'shop-domain'),
    occurredAt: shopifyHeader(request, 'triggered-at'),
    items: [],
    payload,
  };
  if (kind === 'inventory') {
    event.items.push({
      ref: {
        inventoryItemId: gid('InventoryItem', String(body.inventory_item_id)),
        locationId: gid('Location', String(body.location_id)),
      },
      ...(typeof body.available === 'number' ? { available: body.available } : {}),
      ...isoTime(body.updated_at),
    });
  } else if (kind === 'order') {
    const order = body as unknown as OrderPayload;
    event.resourceId = gid('Order', order.id);
    if (typeof order.name === 'string' && order.name !== '') event.resourceName = order.name;
    const created = topic === 'orders/create' ? isoTime(order.created_at).updatedAt : undefined;
    if (created) event.orderCreatedAt = created;
    for (const line of order.line_items ?? []) {
      event.items.push({
        ref: {
          sku: line.sku ?? '',
          ...(line.variant_id ? { externalVariantId: gid('ProductVariant', line.variant_id) } : {}),
          ...(line.product_id ? { externalProductId: gid('Product', line.product_id) } : {}),
          ...(order.location_id ? { locationId: gid('Location', order.location_id) } : {}),
        },
        quantity: line.quantity,
      });
    }
  } else if (kind === 'product' && body.id !== undefined) {
    event.resourceId = gid(
      topic.startsWith('inventory_items') ? 'InventoryItem' : 'Product',
      String(body.id),
    );
  }
  return event;
}

/** `{ updatedAt }` in UTC ISO form for a valid timestamp (Shopify sends an offset), else nothing. */
function isoTime(value: unknown): { updatedAt?: string } {
  if (typeof value !== 'string') return {};
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? {} : { updatedAt: new Date(ms).toISOString() };
}
