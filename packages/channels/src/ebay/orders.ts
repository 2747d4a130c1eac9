import type { ChannelOrder, OrderPage } from '../port/types';
import type { EbayRest } from './client';
import type { EbayConfig } from './config';
import type { Order, OrderSearchPagedCollection } from './types';

const FULFILLMENT = '/sell/fulfillment/v1/order';

export function toOrder(order: Order): ChannelOrder {
  return {
    externalId: order.orderId ?? '',
    createdAt: order.creationDate ?? '',
    updatedAt: order.lastModifiedDate ?? '',
    status: order.orderFulfillmentStatus ?? '',
    lines: (order.lineItems ?? []).map((line) => ({
      sku: line.sku ?? '',
      externalVariantId: line.sku ?? '',
      ...(line.legacyItemId ? { externalProductId: line.legacyItemId } : {}),
      quantity: line.quantity ?? 0,
      ...unitPriceOf(line.lineItemCost, line.quantity ?? 0),
    })),
  };
}

/**
 * eBay reports a line's cost for all its units (lineItemCost: price × quantity, before
 * discounts): one unit's price, in cents, rounded to the cent should it not divide.
 */
function unitPriceOf(
  cost: { value?: string; currency?: string } | undefined,
  quantity: number,
): { unitPrice?: { amount: string; currency: string } } {
  const cents = Math.round(Number(cost?.value) * 100);
  if (!cost?.currency || !Number.isFinite(cents) || cents < 0 || quantity <= 0) return {};
  return {
    unitPrice: { amount: (Math.round(cents / quantity) / 100).toFixed(2), currency: cost.currency },
  };
}

/** getOrders with a lastmodifieddate filter: how stocksync notices eBay sales (no inventory webhooks). */
export async function listOrders(
  rest: EbayRest,
  config: EbayConfig,
  token: string,
  since: string,
  cursor: string | null,
): Promise<OrderPage> {
  const offset = cursor ? Number(cursor) : 0;
  const page = await rest.call<OrderSearchPagedCollection>(token, 'GET', FULFILLMENT, {
    query: { filter: `lastmodifieddate:[${since}..]`, limit: config.ordersPageSize, offset },
  });
  const orders = (page.orders ?? []).map((order) => toOrder(order as Order));
  const next = offset + orders.length;
  return { orders, nextCursor: orders.length && next < (page.total ?? 0) ? String(next) : null };
}

export async function getOrders(
  rest: EbayRest,
  token: string,
  ids: string[],
): Promise<ChannelOrder[]> {
  const out: ChannelOrder[] = [];
  for (let i = 0; i < ids.length; i += 50) {
    const page = await rest.call<OrderSearchPagedCollection>(token, 'GET', FULFILLMENT, {
      query: { orderIds: ids.slice(i, i + 50).join(',') },
    });
    out.push(...(page.orders ?? []).map((order) => toOrder(order as Order)));
  }
  return out;
}
