import type { FastifyInstance } from 'fastify';
import { errors, sendError } from './errors';
import { baseUrl, parsePaging } from './http';
import { authenticate } from './oauth';
import type { EbaySettings } from './settings';
import type { EbayStore } from './state';
import type { TokenStore } from './tokens';
import type { Order, OrderSearchPagedCollection } from './types';

export const FULFILLMENT_PREFIX = '/sell/fulfillment/v1';

const FULFILLMENT_STATUSES = new Set(['NOT_STARTED', 'IN_PROGRESS', 'FULFILLED']);

export interface OrderFilter {
  creation?: { from?: number; to?: number };
  lastModified?: { from?: number; to?: number };
  statuses?: Set<string>;
}

/** Splits on commas that are not inside [...] or {...}. */
function splitFilter(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of filter) {
    if (ch === '[' || ch === '{') depth++;
    if (ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function parseRange(value: string): { from?: number; to?: number } | undefined {
  if (!value.startsWith('[') || !value.endsWith(']')) return undefined;
  const inner = value.slice(1, -1);
  const dots = inner.indexOf('..');
  if (dots < 0) return undefined;
  const fromText = inner.slice(0, dots).trim();
  const toText = inner.slice(dots + 2).trim();
  const range: { from?: number; to?: number } = {};
  if (fromText) {
    const t = Date.parse(fromText);
    if (Number.isNaN(t)) return undefined;
    range.from = t;
  }
  if (toText) {
    const t = Date.parse(toText);
    if (Number.isNaN(t)) return undefined;
    range.to = t;
  }
  if (range.from === undefined && range.to === undefined) return undefined;
  return range;
}

/** Parses getOrders' `filter` (creationdate, lastmodifieddate, orderfulfillmentstatus); a string is an error. */
export function parseOrderFilter(filter: string): OrderFilter | string {
  const out: OrderFilter = {};
  for (const part of splitFilter(filter)) {
    const colon = part.indexOf(':');
    if (colon < 0) return `Invalid filter: ${part}`;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (name === 'creationdate' || name === 'lastmodifieddate') {
      const range = parseRange(value);
      if (!range) return `Invalid ${name} filter value: ${value}`;
      if (name === 'creationdate') out.creation = range;
      else out.lastModified = range;
    } else if (name === 'orderfulfillmentstatus') {
      const match = /^\{([A-Z_|]+)\}$/.exec(value);
      const statuses = match?.[1]?.split('|') ?? [];
      if (!match || statuses.some((s) => !FULFILLMENT_STATUSES.has(s))) {
        return `Invalid orderfulfillmentstatus filter value: ${value}`;
      }
      out.statuses = new Set(statuses);
    } else {
      return `Unsupported filter field: ${name}`;
    }
  }
  return out;
}

const inRange = (iso: string | undefined, range: { from?: number; to?: number } | undefined) => {
  if (!range) return true;
  const t = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return false;
  return (range.from === undefined || t >= range.from) && (range.to === undefined || t <= range.to);
};

export function registerFulfillment(
  app: FastifyInstance,
  deps: { settings: EbaySettings; store: EbayStore; tokens: TokenStore; now: () => number },
): void {
  const { settings, store, tokens } = deps;
  const P = FULFILLMENT_PREFIX;
  const scopes = { anyOf: ['sell.fulfillment', 'sell.fulfillment.readonly'], user: true };

  app.get(`${P}/order`, async (request, reply) => {
    if (!authenticate(tokens, request, reply, scopes)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const paging = parsePaging(
      query,
      reply,
      { limit: settings.ordersDefaultLimit, max: settings.ordersMaxLimit },
      (field, message) => errors.fulfillmentInvalid(field, message),
    );
    if (!paging) return reply;
    const { limit, offset } = paging;
    let matched: Order[];
    if (query.orderIds) {
      const ids = query.orderIds
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > settings.orderIdsMax) {
        return sendError(reply, 400, [
          errors.fulfillmentInvalid(
            'orderIds',
            `The maximum number of order IDs is ${settings.orderIdsMax}.`,
          ),
        ]);
      }
      matched = ids
        .map((id) => store.ordersById.get(id))
        .filter((o): o is Order => o !== undefined);
    } else {
      const filter = parseOrderFilter(query.filter ?? '');
      if (typeof filter === 'string')
        return sendError(reply, 400, [errors.fulfillmentInvalid('filter', filter)]);
      if (!filter.creation && !filter.lastModified) {
        filter.creation = { from: deps.now() - settings.ordersDefaultWindowDays * 86_400_000 };
      }
      matched = store.orders.filter(
        (o) =>
          inRange(o.creationDate, filter.creation) &&
          inRange(o.lastModifiedDate, filter.lastModified) &&
          (!filter.statuses || filter.statuses.has(o.orderFulfillmentStatus ?? '')),
      );
    }
    const params = new URLSearchParams();
    if (query.orderIds) params.set('orderIds', query.orderIds);
    else if (query.filter) params.set('filter', query.filter);
    const link = (o: number) => {
      const p = new URLSearchParams(params);
      p.set('limit', String(limit));
      p.set('offset', String(o));
      return `${baseUrl(request)}${P}/order?${p.toString()}`;
    };
    const answer: OrderSearchPagedCollection = {
      href: link(offset),
      total: matched.length,
      limit,
      offset,
      orders: matched.slice(offset, offset + limit),
      warnings: [],
    };
    if (offset + limit < matched.length) answer.next = link(offset + limit);
    if (offset > 0) answer.prev = link(Math.max(0, offset - limit));
    return answer;
  });

  app.get(`${P}/order/:orderId`, async (request, reply) => {
    if (!authenticate(tokens, request, reply, scopes)) return reply;
    const orderId = (request.params as { orderId: string }).orderId;
    const order = store.ordersById.get(orderId);
    if (!order) return sendError(reply, 404, [errors.orderNotFound(orderId)]);
    return order;
  });
}
