import { ValidationError } from '../port/errors';
import type { ChannelWebhookEvent, WebhookKind, WebhookRequest } from '../port/types';
import { headerOf, rawBodyBuffer, rawBodyText } from '../port/util';
import type { TiktokConfig } from './config';
import { verifyWebhookSignature } from './sign';

/** Event types stocksync listens to (names partly unconfirmed, docs/channels §3.5). */
export const TIKTOK_EVENT_TYPES = ['ORDER_STATUS_CHANGE', 'PRODUCT_INFORMATION_CHANGE'] as const;

export function verifyTiktokWebhook(config: TiktokConfig, request: WebhookRequest): boolean {
  const signature = headerOf(request.headers, 'authorization');
  if (!signature) return false;
  return verifyWebhookSignature(
    config.appKey,
    config.appSecret,
    rawBodyBuffer(request.rawBody),
    signature,
  );
}

interface Delivery {
  type: number;
  tts_notification_id: string;
  shop_id: string;
  timestamp: number;
  data?: { order_id?: string; product_id?: string; sku_id?: string; seller_sku?: string };
}

/** `{type, tts_notification_id, shop_id, timestamp, data}` (§3.5); type numbers are settings. */
export function parseTiktokWebhook(
  config: TiktokConfig,
  request: WebhookRequest,
): ChannelWebhookEvent {
  let body: Delivery;
  try {
    body = JSON.parse(rawBodyText(request.rawBody)) as Delivery;
  } catch {
    throw new ValidationError('TikTok webhook body is not JSON');
  }
  if (typeof body.type !== 'number' || !body.tts_notification_id)
    throw new ValidationError('TikTok webhook without type or notification id');
  const types = config.webhookTypes;
  const kind: WebhookKind =
    body.type === types.orderStatusChange
      ? 'order'
      : body.type === types.productChange
        ? 'inventory'
        : body.type === types.deauthorisation
          ? 'uninstalled'
          : 'other';
  const data = body.data ?? {};
  return {
    eventId: body.tts_notification_id,
    topic: String(body.type),
    kind,
    account: body.shop_id,
    occurredAt: new Date(body.timestamp * 1000).toISOString(),
    ...(data.order_id
      ? { resourceId: data.order_id }
      : data.product_id
        ? { resourceId: data.product_id }
        : {}),
    // Orders name only the order id (fetch it with getOrders); stock edits name the SKU.
    items:
      kind === 'inventory' && data.sku_id
        ? [
            {
              ref: {
                externalVariantId: data.sku_id,
                ...(data.seller_sku ? { sku: data.seller_sku } : {}),
                ...(data.product_id ? { externalProductId: data.product_id } : {}),
              },
            },
          ]
        : [],
    payload: body,
  };
}
