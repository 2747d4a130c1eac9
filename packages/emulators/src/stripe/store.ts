import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import {
  cardDeclined,
  invalidParam,
  invalidState,
  missingParam,
  resourceMissing,
  unsupportedParam,
} from './errors';
import {
  buildCheckoutSession,
  buildCustomer,
  buildInvoice,
  buildPortalSession,
  buildPrice,
  buildProduct,
  buildSubscription,
  buildSubscriptionItem,
  buildWebhookEndpoint,
  list,
  planOf,
  type Metadata,
  type WCheckoutSession,
  type WCustomer,
  type WEvent,
  type WInvoice,
  type WLineItem,
  type WList,
  type WPortalSession,
  type WPrice,
  type WProduct,
  type WSubscription,
  type WSubscriptionItem,
  type WWebhookEndpoint,
} from './model';
import { Params } from './params';
import type { StripeSettings } from './settings';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DAY = 86_400;

/** Test card numbers with Stripe's documented behaviour. */
export const TEST_CARDS = {
  success: '4242424242424242',
  genericDecline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Attaches fine, every later charge fails (Stripe's "attach succeeds, charge fails" card). */
  failsLater: '4000000000000341',
} as const;

export interface CustomerBilling {
  /** Payment attempts still to fail (make-next-payment-fail). */
  failNext: number;
  /** Every payment attempt fails (failing card). */
  alwaysFail: boolean;
  paymentMethod: string | null;
}

type DueKind = 'period_end' | 'retry' | 'trial_will_end';

interface SubscriptionMeta {
  trialWillEndSent: boolean;
  /** Billing cycle anchor and the index of the current period's end boundary. */
  anchor: number;
  periodIndex: number;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  retries: number;
  nextRetryAt: number | null;
}

interface SessionMeta {
  lineItems: Array<{ price: string; quantity: number }>;
  trialDays: number | null;
  /** subscription_data.trial_end: the trial ends at this Unix time (instead of trialDays). */
  trialEnd?: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
}

export interface EndpointRecord {
  endpoint: WWebhookEndpoint;
  /** Configured through the control interface (kept across reset) rather than the API. */
  fromControl: boolean;
}

export interface CheckoutPayment {
  card?: string;
  email?: string;
  name?: string;
}

export interface EventSink {
  (event: WEvent, endpoints: WWebhookEndpoint[]): void;
}

export interface RequestContext {
  id: string;
  idempotencyKey: string | null;
}

/** UTC calendar arithmetic with the anchor's day clamped to the month's length, like Stripe. */
export function addInterval(
  anchor: number,
  interval: SubscriptionMeta['interval'],
  count: number,
): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const d = new Date(anchor * 1000);
  const months = interval === 'year' ? count * 12 : count;
  const targetMonth = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Math.floor(
    Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000,
  );
}

/** All state of one emulated Stripe account, and the billing engine that moves it in time. */
export class StripeStore {
  customers = new Map<string, WCustomer>();
  products = new Map<string, WProduct>();
  prices = new Map<string, WPrice>();
  sessions = new Map<string, WCheckoutSession>();
  portalSessions = new Map<string, WPortalSession>();
  subscriptions = new Map<string, WSubscription>();
  invoices = new Map<string, WInvoice>();
  events = new Map<string, WEvent>();
  endpoints = new Map<string, EndpointRecord>();
  billing = new Map<string, CustomerBilling>();
  private deletedCustomers = new Set<string>();
  private subMeta = new Map<string, SubscriptionMeta>();
  private sessionMeta = new Map<string, SessionMeta>();
  private portalOpenedAt = new Map<string, number>();
  private clockOffset = 0;
  private virtualNow: number | null = null;
  private invoiceSequence = 0;
  /** Called by reset() (the HTTP layer clears its idempotency cache). */
  readonly onResetHooks: Array<() => void> = [];
  /** The API request being served (events name it in `request`); null for clock-driven changes. */
  currentRequest: RequestContext | null = null;

  constructor(
    readonly settings: StripeSettings,
    private readonly sink: EventSink,
    /** Base URL for hosted pages (checkout, portal, invoices). */
    readonly publicUrl: () => string,
  ) {
    this.seedCatalogue();
  }

  // ----- clock and ids -------------------------------------------------------------------------

  now(): number {
    return this.virtualNow ?? Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  get offsetSeconds(): number {
    return this.clockOffset;
  }

  /**
   * A random id, as Stripe's are: ids must never repeat, also across restarts of the emulator with
   * its saved state (a counter or a seeded sequence would hand out a stored customer's id again).
   */
  id(prefix: string, length = 24): string {
    let out = '';
    for (const byte of randomBytes(length)) out += ALNUM[byte % ALNUM.length];
    return `${prefix}_${out}`;
  }

  reset(): void {
    const kept = [...this.endpoints.values()].filter((e) => e.fromControl);
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.sessions,
      this.portalSessions,
      this.subscriptions,
      this.invoices,
      this.events,
      this.endpoints,
      this.billing,
      this.subMeta,
      this.sessionMeta,
      this.portalOpenedAt,
      this.deletedCustomers,
    ]) {
      map.clear();
    }
    for (const e of kept) this.endpoints.set(e.endpoint.id, e);
    this.clockOffset = 0;
    this.invoiceSequence = 0;
    this.seedCatalogue();
    for (const hook of this.onResetHooks) hook();
  }

  private seedCatalogue(): void {
    const created = this.now();
    for (const entry of this.settings.catalogue) {
      const productId = `prod_${entry.key}`;
      const product = buildProduct(productId, created, {
        name: entry.name,
        description: entry.description ?? null,
        active: true,
        metadata: { plan: entry.key },
      });
      this.products.set(productId, product);
      for (const [currency, amount] of Object.entries(entry.monthly)) {
        const priceId = `price_${entry.key}_monthly_${currency}`;
        this.prices.set(
          priceId,
          buildPrice(priceId, created, {
            product: productId,
            currency,
            unitAmount: amount,
            interval: 'month',
            intervalCount: 1,
            lookupKey: `${entry.key}_monthly_${currency}`,
            nickname: `${entry.name} monthly (${currency.toUpperCase()})`,
            active: true,
            metadata: { plan: entry.key },
          }),
        );
        if (!product.default_price) product.default_price = priceId;
      }
    }
  }

  // ----- events --------------------------------------------------------------------------------

  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): WEvent {
    const endpoints = [...this.endpoints.values()]
      .map((e) => e.endpoint)
      .filter(
        (e) =>
          e.status === 'enabled' &&
          (e.enabled_events.includes('*') || e.enabled_events.includes(type)),
      );
    const event = {
      id: this.id('evt'),
      object: 'event',
      api_version: this.settings.apiVersion,
      created: this.now(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: endpoints.length,
      request: this.currentRequest
        ? { id: this.currentRequest.id, idempotency_key: this.currentRequest.idempotencyKey }
        : { id: null, idempotency_key: null },
      type,
    } as WEvent;
    this.events.set(event.id, event);
    if (endpoints.length > 0) this.sink(event, endpoints);
    return event;
  }

  getEvent(id: string): WEvent {
    const e = this.events.get(id);
    if (!e) throw resourceMissing('event', id);
    return e;
  }

  // ----- customers -----------------------------------------------------------------------------

  getCustomer(id: string, param = 'id'): WCustomer {
    const c = this.customers.get(id);
    if (!c) throw resourceMissing('customer', id, param);
    return c;
  }

  /** GET /v1/customers/:id answers a deleted customer as `{id, object, deleted: true}`. */
  retrieveCustomer(id: string): WCustomer | { id: string; object: 'customer'; deleted: true } {
    if (this.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
    return this.getCustomer(id);
  }

  createCustomer(p: Params): WCustomer {
    const id = this.id('cus', 14);
    const customer = buildCustomer(id, this.now(), {
      email: p.str('email') || null,
      name: p.str('name') || null,
      description: p.str('description') || null,
      phone: p.str('phone') || null,
      metadata: p.metadata(),
    });
    this.customers.set(id, customer);
    this.billing.set(id, { failNext: 0, alwaysFail: false, paymentMethod: null });
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(id: string, p: Params): WCustomer {
    const c = this.getCustomer(id);
    const previous: Record<string, unknown> = {};
    const set = <K extends 'email' | 'name' | 'description' | 'phone'>(key: K) => {
      if (!p.has(key)) return;
      const value = p.str(key) || null;
      if (c[key] !== value) {
        previous[key] = c[key] ?? null;
        c[key] = value;
      }
    };
    set('email');
    set('name');
    set('description');
    set('phone');
    if (p.has('metadata')) {
      const next = p.metadata(c.metadata);
      if (JSON.stringify(next) !== JSON.stringify(c.metadata)) {
        previous.metadata = c.metadata;
        c.metadata = next;
      }
    }
    if (Object.keys(previous).length > 0) this.emit('customer.updated', c, previous);
    return c;
  }

  /** DELETE /v1/customers/:id: cancels the customer's subscriptions, then removes the customer. */
  deleteCustomer(id: string): { id: string; object: 'customer'; deleted: true } {
    const customer = this.getCustomer(id);
    for (const sub of this.subscriptions.values()) {
      if (sub.customer === id && sub.status !== 'canceled') this.cancelSubscription(sub.id);
    }
    this.customers.delete(id);
    this.deletedCustomers.add(id);
    this.emit('customer.deleted', customer);
    return { id, object: 'customer', deleted: true };
  }

  customerBilling(id: string): CustomerBilling {
    this.getCustomer(id);
    let b = this.billing.get(id);
    if (!b) {
      b = { failNext: 0, alwaysFail: false, paymentMethod: null };
      this.billing.set(id, b);
    }
    return b;
  }

  /** Simple subset of Stripe's search language: `field:'value'` clauses joined by AND. */
  searchCustomers(query: string): WCustomer[] {
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const m =
        /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*(:|~)\s*['"](.*)['"]\s*$/.exec(
          clause,
        );
      if (!m) {
        throw invalidParam(
          'query',
          `The emulator supports email, name, phone and metadata['key'] clauses joined by AND; could not parse: ${clause}`,
        );
      }
      return { field: m[1] as string, metaKey: m[2], op: m[3], value: m[4] as string };
    });
    return [...this.customers.values()].reverse().filter((c) =>
      clauses.every(({ field, metaKey, op, value }) => {
        const actual = metaKey
          ? c.metadata[metaKey]
          : (c[field as 'email' | 'name' | 'phone'] ?? undefined);
        if (actual === undefined || actual === null) return false;
        return op === ':'
          ? actual.toLowerCase() === value.toLowerCase()
          : actual.toLowerCase().includes(value.toLowerCase());
      }),
    );
  }

  // ----- products and prices -------------------------------------------------------------------

  getProduct(id: string, param = 'id'): WProduct {
    const p = this.products.get(id);
    if (!p) throw resourceMissing('product', id, param);
    return p;
  }

  createProduct(p: Params): WProduct {
    const id = p.str('id') || this.id('prod', 14);
    if (this.products.has(id)) {
      throw invalidParam('id', `Product already exists.`, 'resource_already_exists');
    }
    const product = buildProduct(id, this.now(), {
      name: p.requiredStr('name'),
      description: p.str('description') || null,
      active: p.bool('active') ?? true,
      metadata: p.metadata(),
    });
    this.products.set(id, product);
    const defaultPrice = p.obj('default_price_data');
    if (defaultPrice) {
      const price = this.insertPrice(defaultPrice, id, null);
      product.default_price = price.id;
    }
    this.emit('product.created', product);
    return product;
  }

  getPrice(id: string, param = 'id'): WPrice {
    const p = this.prices.get(id);
    if (!p) throw resourceMissing('price', id, param);
    return p;
  }

  createPrice(p: Params): WPrice {
    let productId = p.str('product');
    const productData = p.obj('product_data');
    if (!productId && !productData) throw missingParam('product');
    if (productId) this.getProduct(productId, 'product');
    else if (productData) {
      const product = buildProduct(this.id('prod', 14), this.now(), {
        name: productData.requiredStr('name'),
        description: null,
        active: productData.bool('active') ?? true,
        metadata: productData.metadata(),
      });
      this.products.set(product.id, product);
      productId = product.id;
    }
    const lookupKey = p.str('lookup_key') || null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((x) => x.lookup_key === lookupKey);
      if (holder) {
        if (p.bool('transfer_lookup_key')) holder.lookup_key = null;
        else {
          throw invalidParam(
            'lookup_key',
            `A price (\`${holder.id}\`) already uses that lookup key.`,
            'lookup_key_already_exists',
          );
        }
      }
    }
    const price = this.insertPrice(p, productId as string, lookupKey);
    this.emit('price.created', price);
    return price;
  }

  private insertPrice(p: Params, productId: string, lookupKey: string | null): WPrice {
    const currency = p.requiredStr('currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidParam('currency', `Invalid currency: ${currency}`);
    const unitAmount = p.int('unit_amount', { min: 0 });
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurring = p.obj('recurring');
    const interval = recurring?.enum('interval', ['day', 'week', 'month', 'year'] as const);
    if (recurring && !interval) throw missingParam('recurring[interval]');
    const price = buildPrice(this.id('price', 24), this.now(), {
      product: productId,
      currency,
      unitAmount,
      interval: interval ?? null,
      intervalCount: recurring?.int('interval_count', { min: 1, max: 36 }) ?? 1,
      lookupKey,
      nickname: p.str('nickname') || null,
      active: p.bool('active') ?? true,
      metadata: p.metadata(),
    });
    this.prices.set(price.id, price);
    return price;
  }

  // ----- checkout ------------------------------------------------------------------------------

  getSession(id: string, param = 'id'): WCheckoutSession {
    const s = this.sessions.get(id);
    if (!s) throw resourceMissing('checkout.session', id, param);
    return s;
  }

  createCheckoutSession(p: Params): WCheckoutSession {
    const mode = p.requiredStr('mode');
    if (mode !== 'subscription') {
      throw invalidParam(
        'mode',
        `The emulator only supports mode=subscription (got ${mode}).`,
        'parameter_invalid_string',
      );
    }
    for (const param of [
      'discounts',
      'optional_items',
      'setup_intent_data',
      'payment_intent_data',
    ]) {
      if (p.has(param)) throw unsupportedParam(param);
    }
    if (p.str('payment_method_collection') === 'if_required') {
      throw unsupportedParam('payment_method_collection');
    }
    const uiMode = p.str('ui_mode');
    if (uiMode && uiMode !== 'hosted') {
      throw invalidParam('ui_mode', 'The emulator only supports hosted Checkout.');
    }
    const successUrl = p.requiredStr('success_url');
    const cancelUrl = p.str('cancel_url') || null;
    for (const [name, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (url && !/^https?:\/\//.test(url))
        throw invalidParam(name, 'Not a valid URL', 'url_invalid');
    }
    const customerId = p.str('customer') || null;
    if (customerId) this.getCustomer(customerId, 'customer');
    const customerEmail = p.str('customer_email') || null;
    if (customerId && customerEmail) {
      throw invalidParam(
        'customer_email',
        'You may only specify one of these parameters: customer, customer_email.',
      );
    }
    const items = p.objArray('line_items');
    if (!items || items.length === 0) throw missingParam('line_items');
    const lineItems = items.map((item, i) => {
      if (item.has('price_data')) {
        throw invalidParam(
          `line_items[${i}][price_data]`,
          'The emulator supports line_items[][price] only.',
        );
      }
      const priceId = item.requiredStr('price');
      const price = this.getPrice(priceId, `line_items[${i}][price]`);
      if (!price.recurring) {
        throw invalidParam(
          `line_items[${i}][price]`,
          'You must specify at least one recurring price in `subscription` mode when using prices.',
        );
      }
      if (!price.active) {
        throw invalidParam(`line_items[${i}][price]`, `The price \`${price.id}\` is not active.`);
      }
      const quantity = item.int('quantity', { min: 1, max: 999_999 }) ?? 1;
      return { price, quantity };
    });
    const first = lineItems[0]!.price;
    for (const [i, { price }] of lineItems.entries()) {
      if (price.currency !== first.currency) {
        throw invalidParam(`line_items[${i}][price]`, 'All prices must use the same currency.');
      }
      if (
        price.recurring?.interval !== first.recurring?.interval ||
        price.recurring?.interval_count !== first.recurring?.interval_count
      ) {
        throw invalidParam(
          `line_items[${i}][price]`,
          'All recurring prices must have the same billing interval.',
        );
      }
    }
    const subscriptionData = p.obj('subscription_data');
    for (const param of ['billing_cycle_anchor', 'trial_settings']) {
      if (subscriptionData?.has(param)) throw unsupportedParam(`subscription_data[${param}]`);
    }
    const trialDays = subscriptionData?.int('trial_period_days', { min: 1, max: 730 }) ?? null;
    const now = this.now();
    const trialEnd = this.checkoutTrialEnd(subscriptionData, trialDays, now);
    const expiresAt = p.int('expires_at') ?? now + this.settings.checkoutSessionTtlSeconds;
    if (expiresAt < now + 1800 || expiresAt > now + 24 * 3600) {
      throw invalidParam(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from creation.',
      );
    }
    const id = `cs_test_${this.id('x', 58).slice(2)}`;
    const amount = lineItems.reduce((s, l) => s + (l.price.unit_amount ?? 0) * l.quantity, 0);
    const session = buildCheckoutSession(id, now, {
      url: `${this.publicUrl()}/c/pay/${id}`,
      customer: customerId,
      customerEmail,
      clientReferenceId: p.str('client_reference_id') || null,
      successUrl,
      cancelUrl,
      currency: first.currency,
      amountTotal: trialDays || trialEnd ? 0 : amount,
      expiresAt,
      metadata: p.metadata(),
      allowPromotionCodes: p.bool('allow_promotion_codes') ?? null,
      locale: (p.str('locale') as Stripe.Checkout.Session.Locale | undefined) ?? null,
    });
    this.sessions.set(id, session);
    this.sessionMeta.set(id, {
      lineItems: lineItems.map((l) => ({ price: l.price.id, quantity: l.quantity })),
      trialDays,
      trialEnd,
      subscriptionMetadata: subscriptionData?.metadata() ?? {},
      subscriptionDescription: subscriptionData?.str('description') || null,
    });
    return session;
  }

  /**
   * subscription_data.trial_end as Stripe documents it: a Unix time at least 48 hours ahead (and
   * at most two years), not together with trial_period_days.
   */
  private checkoutTrialEnd(
    subscriptionData: Params | undefined,
    trialDays: number | null,
    now: number,
  ): number | null {
    const trialEnd = subscriptionData?.int('trial_end') ?? null;
    if (trialEnd === null) return null;
    if (trialDays !== null) {
      throw invalidParam(
        'subscription_data[trial_end]',
        'You may only specify one of these parameters: trial_end, trial_period_days.',
      );
    }
    if (trialEnd < now + 2 * DAY || trialEnd > now + 730 * DAY) {
      throw invalidParam(
        'subscription_data[trial_end]',
        '`subscription_data[trial_end]` must be at least 48 hours in the future and at most 730 days in the future.',
      );
    }
    return trialEnd;
  }

  sessionLineItems(id: string): WList<WLineItem> {
    const meta = this.sessionMeta.get(id);
    const lines = (meta?.lineItems ?? []).map((l, i) => {
      const price = this.getPrice(l.price);
      const product = this.products.get(price.product as string);
      const amount = (price.unit_amount ?? 0) * l.quantity;
      return {
        id: `li_${id.slice(8, 30)}${i}`,
        object: 'item',
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: product?.name ?? null,
        discounts: [],
        metadata: {},
        price: structuredClone(price),
        quantity: l.quantity,
        taxes: [],
      } as WLineItem;
    });
    return list(`/v1/checkout/sessions/${id}/line_items`, lines);
  }

  sessionSummary(id: string): {
    lines: Array<{ name: string; price: WPrice; quantity: number }>;
    trialDays: number | null;
  } {
    const meta = this.sessionMeta.get(id);
    const untilEnd = meta?.trialEnd ? Math.ceil((meta.trialEnd - this.now()) / DAY) : null;
    return {
      trialDays: meta?.trialDays ?? untilEnd,
      lines: (meta?.lineItems ?? []).map((l) => {
        const price = this.getPrice(l.price);
        return {
          name: this.products.get(price.product as string)?.name ?? price.id,
          price,
          quantity: l.quantity,
        };
      }),
    };
  }

  expireSession(id: string): WCheckoutSession {
    const s = this.getSession(id);
    if (s.status !== 'open') {
      throw invalidState(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
      );
    }
    s.status = 'expired';
    s.url = null;
    this.emit('checkout.session.expired', s);
    return s;
  }

  /**
   * What paying on the hosted page does: validates the card, creates the customer if needed, the
   * subscription and its first invoice, completes the session and fires the webhooks. A declined
   * card throws a 402 card_error and leaves everything unchanged (the session stays open).
   */
  completeCheckoutSession(id: string, payment: CheckoutPayment = {}): WCheckoutSession {
    this.tick();
    const session = this.getSession(id);
    if (session.status !== 'open') {
      throw invalidState(`This Checkout Session is ${session.status} and can no longer be paid.`);
    }
    const meta = this.sessionMeta.get(id)!;
    const trialEnd = meta.trialEnd && meta.trialEnd > this.now() ? meta.trialEnd : null;
    const trial = !!meta.trialDays || trialEnd !== null;
    const card = (payment.card ?? TEST_CARDS.success).replace(/\D/g, '');
    if (card === TEST_CARDS.genericDecline) throw cardDeclined('generic_decline');
    if (card === TEST_CARDS.insufficientFunds) throw cardDeclined('insufficient_funds');
    if (card.length < 12) throw cardDeclined('generic_decline');
    const email = session.customer_email ?? (payment.email?.trim() || null);
    if (!session.customer && !email) throw missingParam('email');
    const existing = session.customer ? this.getCustomer(session.customer as string) : null;
    const amount = trial
      ? 0
      : meta.lineItems.reduce(
          (s, l) => s + (this.getPrice(l.price).unit_amount ?? 0) * l.quantity,
          0,
        );
    // The outcome depends on the card typed on the page, as with Stripe: the customer's
    // failure flags (failNextPayments / setCardFailing) apply to later off-session charges.
    if (amount > 0 && card === TEST_CARDS.failsLater) throw cardDeclined('generic_decline');

    const customer =
      existing ??
      this.createCustomer(
        new Params({ email: email ?? '', ...(payment.name ? { name: payment.name } : {}) }),
      );
    const billing = this.customerBilling(customer.id);
    // The new card becomes the default: it fails later only if it is the fails-later test card.
    billing.alwaysFail = card === TEST_CARDS.failsLater;
    billing.paymentMethod = this.id('pm');
    customer.invoice_settings.default_payment_method = billing.paymentMethod;

    const subscription = this.createSubscription({
      customer,
      lines: meta.lineItems.map((l) => ({ price: this.getPrice(l.price), quantity: l.quantity })),
      trialDays: meta.trialDays,
      trialEnd,
      metadata: meta.subscriptionMetadata,
      description: meta.subscriptionDescription,
      paymentMethod: billing.paymentMethod,
    });

    session.status = 'complete';
    session.url = null;
    session.payment_status = trial ? 'no_payment_required' : 'paid';
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = subscription.latest_invoice as string | null;
    session.customer_details = {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: payment.name?.trim() || customer.name || null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    this.emit('checkout.session.completed', session);
    return session;
  }

  private createSubscription(f: {
    customer: WCustomer;
    lines: Array<{ price: WPrice; quantity: number }>;
    trialDays: number | null;
    /** An absolute trial end (subscription_data.trial_end); wins over trialDays. */
    trialEnd?: number | null;
    metadata: Metadata;
    description: string | null;
    paymentMethod: string;
  }): WSubscription {
    const now = this.now();
    const first = f.lines[0]!.price;
    const interval = (first.recurring?.interval ?? 'month') as SubscriptionMeta['interval'];
    const intervalCount = first.recurring?.interval_count ?? 1;
    const trialEnd = f.trialEnd ?? (f.trialDays ? now + f.trialDays * DAY : null);
    const anchor = trialEnd ?? now;
    const periodEnd = trialEnd ?? addInterval(anchor, interval, intervalCount);
    const id = this.id('sub');
    const items: WSubscriptionItem[] = f.lines.map((l) =>
      buildSubscriptionItem(this.id('si', 14), now, id, l.price, l.quantity, {
        start: now,
        end: periodEnd,
      }),
    );
    const sub = buildSubscription(id, now, {
      customer: f.customer.id,
      currency: first.currency,
      items,
      status: trialEnd ? 'trialing' : 'active',
      anchor,
      trialStart: trialEnd ? now : null,
      trialEnd,
      metadata: f.metadata,
      defaultPaymentMethod: f.paymentMethod,
    });
    sub.description = f.description;
    this.subscriptions.set(id, sub);
    this.subMeta.set(id, {
      anchor,
      periodIndex: trialEnd ? 0 : 1,
      interval,
      intervalCount,
      retries: 0,
      nextRetryAt: null,
      trialWillEndSent: false,
    });
    const invoice = this.createInvoice(
      sub,
      'subscription_create',
      { start: now, end: periodEnd },
      !!trialEnd,
    );
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.created', sub);
    // The card was checked before anything was created, so the first payment succeeds.
    this.attemptInvoice(invoice, f.customer.id, true);
    return sub;
  }

  // ----- invoices ------------------------------------------------------------------------------

  getInvoice(id: string, param = 'id'): WInvoice {
    const i = this.invoices.get(id);
    if (!i) throw resourceMissing('invoice', id, param);
    return i;
  }

  private createInvoice(
    sub: WSubscription,
    reason: Stripe.Invoice.BillingReason,
    period: { start: number; end: number },
    trial: boolean,
    finalize = true,
  ): WInvoice {
    const customer = this.getCustomer(sub.customer as string);
    const id = this.id('in');
    const number = `${customer.invoice_prefix ?? 'EMU'}-${String(++this.invoiceSequence).padStart(4, '0')}`;
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    const invoice = buildInvoice(id, this.now(), {
      customer,
      subscription: sub,
      billingReason: reason,
      currency: sub.currency,
      period,
      number,
      hostedBaseUrl: this.publicUrl(),
      lines: sub.items.data.map((item) => {
        const price = item.price;
        const quantity = item.quantity ?? 1;
        return {
          lineId: this.id('il'),
          subscriptionItem: item.id,
          price,
          quantity,
          amount: trial ? 0 : (price.unit_amount ?? 0) * quantity,
          productName: this.products.get(price.product as string)?.name ?? price.id,
        };
      }),
    });
    invoice.default_payment_method = null;
    this.invoices.set(id, invoice);
    this.emit('invoice.created', invoice);
    if (finalize) {
      invoice.status = 'open';
      invoice.status_transitions.finalized_at = this.now();
      invoice.effective_at = this.now();
      this.emit('invoice.finalized', invoice);
    }
    return invoice;
  }

  /** Whether the customer's next payment fails (consumes one make-next-payment-fail). */
  private paymentFails(customerId: string): boolean {
    const b = this.customerBilling(customerId);
    if (b.alwaysFail) return true;
    if (b.failNext > 0) {
      b.failNext -= 1;
      return true;
    }
    return !b.paymentMethod;
  }

  /** Attempts to pay an open invoice; fires invoice.paid/payment_succeeded or invoice.payment_failed. */
  private attemptInvoice(invoice: WInvoice, customerId: string, knownGood = false): boolean {
    const now = this.now();
    invoice.attempted = true;
    invoice.attempt_count += 1;
    const fails = invoice.amount_due > 0 && !knownGood && this.paymentFails(customerId);
    if (fails) {
      invoice.status = 'open';
      this.emit('invoice.payment_failed', invoice);
      return false;
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return true;
  }

  // ----- subscriptions -------------------------------------------------------------------------

  getSubscription(id: string, param = 'id'): WSubscription {
    const s = this.subscriptions.get(id);
    if (!s) throw resourceMissing('subscription', id, param);
    return s;
  }

  private setStatus(
    sub: WSubscription,
    status: Stripe.Subscription.Status,
    previous: Record<string, unknown>,
  ) {
    if (sub.status !== status) {
      previous.status = sub.status;
      sub.status = status;
    }
  }

  updateSubscription(id: string, p: Params): WSubscription {
    const sub = this.getSubscription(id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalidState(
        `A canceled subscription can only update its cancellation_details and metadata.`,
      );
    }
    for (const param of [
      'trial_end',
      'billing_cycle_anchor',
      'cancel_at',
      'pause_collection',
      'discounts',
      'add_invoice_items',
      'trial_from_plan',
    ]) {
      if (p.has(param)) throw unsupportedParam(param);
    }
    const previous: Record<string, unknown> = {};
    // proration_behavior / proration_date are accepted and ignored: no proration invoice items.
    p.enum('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const);
    const items = p.objArray('items');
    if (items) {
      const before = structuredClone(sub.items);
      const meta = this.subMeta.get(id)!;
      const period = {
        start: sub.items.data[0]?.current_period_start ?? this.now(),
        end: sub.items.data[0]?.current_period_end ?? this.now(),
      };
      for (const [i, item] of items.entries()) {
        const itemId = item.str('id');
        const priceId = item.str('price');
        const price = priceId ? this.getPrice(priceId, `items[${i}][price]`) : undefined;
        if (price) {
          if (!price.recurring) {
            throw invalidParam(`items[${i}][price]`, 'The price must be recurring.');
          }
          if (price.currency !== sub.currency) {
            throw invalidParam(
              `items[${i}][price]`,
              `The price specified uses currency \`${price.currency}\`, but the subscription uses \`${sub.currency}\`.`,
            );
          }
          if (
            price.recurring.interval !== meta.interval ||
            price.recurring.interval_count !== meta.intervalCount
          ) {
            throw invalidParam(
              `items[${i}][price]`,
              'Changing the billing interval is not supported by the emulator.',
            );
          }
        }
        const quantity = item.int('quantity', { min: 0 });
        if (itemId) {
          const existing = sub.items.data.find((x) => x.id === itemId);
          if (!existing) throw resourceMissing('subscription item', itemId, `items[${i}][id]`);
          if (item.bool('deleted')) {
            sub.items.data = sub.items.data.filter((x) => x.id !== itemId);
            continue;
          }
          if (price) {
            existing.price = structuredClone(price);
            existing.plan = planOf(price);
          }
          if (quantity !== undefined) existing.quantity = quantity;
        } else {
          if (!price) throw missingParam(`items[${i}][price]`);
          sub.items.data.push(
            buildSubscriptionItem(this.id('si', 14), this.now(), id, price, quantity ?? 1, period),
          );
        }
      }
      if (sub.items.data.length === 0) {
        throw invalidParam('items', 'A subscription must have at least one active item.');
      }
      if (JSON.stringify(before) !== JSON.stringify(sub.items)) previous.items = before;
    }
    const cancelAtPeriodEnd = p.bool('cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      this.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd, previous);
    }
    if (p.has('metadata')) {
      const next = p.metadata(sub.metadata);
      if (JSON.stringify(next) !== JSON.stringify(sub.metadata)) {
        previous.metadata = sub.metadata;
        sub.metadata = next;
      }
    }
    if (p.has('description')) {
      const d = p.str('description') || null;
      if (d !== sub.description) {
        previous.description = sub.description;
        sub.description = d;
      }
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  setCancelAtPeriodEnd(sub: WSubscription, value: boolean, previous: Record<string, unknown>) {
    previous.cancel_at_period_end = sub.cancel_at_period_end;
    previous.cancel_at = sub.cancel_at;
    previous.canceled_at = sub.canceled_at;
    previous.cancellation_details = structuredClone(sub.cancellation_details);
    sub.cancel_at_period_end = value;
    sub.cancel_at = value ? (sub.items.data[0]?.current_period_end ?? null) : null;
    sub.canceled_at = value ? this.now() : null;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: value ? 'cancellation_requested' : null,
    };
  }

  /** Portal "cancel at period end" / "renew": the same change as the API's cancel_at_period_end. */
  setCancelAtPeriodEndFromPortal(subId: string, value: boolean): WSubscription {
    return this.updateSubscription(subId, new Params({ cancel_at_period_end: String(value) }));
  }

  /** Ends a subscription now (DELETE /v1/subscriptions/:id, portal "cancel now", dunning). */
  cancelSubscription(
    id: string,
    reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested',
  ): WSubscription {
    const sub = this.getSubscription(id);
    if (sub.status === 'canceled') {
      throw invalidState(`No such subscription: '${id}'; it has already been canceled.`);
    }
    const now = this.now();
    sub.status = 'canceled';
    sub.canceled_at = sub.canceled_at ?? now;
    sub.ended_at = now;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: sub.cancellation_details?.reason ?? reason,
    };
    this.subMeta.get(id)!.nextRetryAt = null;
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  // ----- portal --------------------------------------------------------------------------------

  createPortalSession(p: Params): WPortalSession {
    const customer = this.getCustomer(p.requiredStr('customer'), 'customer');
    const returnUrl = p.str('return_url') || null;
    if (returnUrl && !/^https?:\/\//.test(returnUrl)) {
      throw invalidParam('return_url', 'Not a valid URL', 'url_invalid');
    }
    if (p.has('flow_data')) {
      throw invalidParam('flow_data', 'The emulator does not support portal deep-link flows.');
    }
    const id = this.id('bps');
    const session = buildPortalSession(id, this.now(), {
      customer: customer.id,
      url: `${this.publicUrl()}/p/session/${id}`,
      returnUrl,
      configuration: p.str('configuration') || 'bpc_emulator_default',
      locale: (p.str('locale') as Stripe.BillingPortal.Session.Locale | undefined) ?? null,
    });
    this.portalSessions.set(id, session);
    return session;
  }

  /** Answers the portal session if it can still be used, recording the first opening. */
  openPortalSession(id: string): WPortalSession | null {
    const s = this.portalSessions.get(id);
    if (!s) return null;
    const now = this.now();
    const opened = this.portalOpenedAt.get(id);
    if (opened === undefined) {
      if (now > s.created + this.settings.portalSessionTtlSeconds) return null;
      this.portalOpenedAt.set(id, now);
      return s;
    }
    return now > opened + this.settings.portalSessionActiveSeconds ? null : s;
  }

  /** Portal plan switch: the first item moves to `priceId`, quantity kept, no proration. */
  switchPlan(subId: string, priceId: string): WSubscription {
    const sub = this.getSubscription(subId);
    const item = sub.items.data[0];
    if (!item) throw invalidState('Subscription has no items');
    return this.updateSubscription(subId, new Params({ items: [{ id: item.id, price: priceId }] }));
  }

  /** Prices the portal offers: active recurring prices in the subscription's currency and interval. */
  portalPrices(sub: WSubscription): WPrice[] {
    const meta = this.subMeta.get(sub.id);
    return [...this.prices.values()].filter(
      (p) =>
        p.active &&
        p.currency === sub.currency &&
        p.recurring?.interval === meta?.interval &&
        p.recurring?.interval_count === meta?.intervalCount,
    );
  }

  // ----- time ----------------------------------------------------------------------------------

  /** Moves the emulated clock forward and runs every renewal, trial end, retry and expiry due. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error('seconds must be >= 0');
    this.clockOffset += Math.floor(seconds);
    this.tick();
    return this.now();
  }

  /** Runs everything due up to now (called on every API request, so real time counts too). */
  tick(): void {
    const target = this.now();
    const previousRequest = this.currentRequest;
    this.currentRequest = null;
    try {
      for (let guard = 0; guard < 100_000; guard++) {
        let best: { at: number; sub: WSubscription; kind: DueKind } | null = null;
        for (const sub of this.subscriptions.values()) {
          const due = this.nextDue(sub);
          if (due && due.at <= target && (!best || due.at < best.at)) best = { ...due, sub };
        }
        if (!best) break;
        this.virtualNow = best.at;
        if (best.kind === 'retry') this.retry(best.sub);
        else if (best.kind === 'trial_will_end') this.trialWillEnd(best.sub);
        else this.periodEnd(best.sub);
      }
      for (const s of this.sessions.values()) {
        if (s.status === 'open' && s.expires_at <= target) {
          this.virtualNow = s.expires_at;
          s.status = 'expired';
          s.url = null;
          this.emit('checkout.session.expired', s);
        }
      }
    } finally {
      this.virtualNow = null;
      this.currentRequest = previousRequest;
    }
  }

  private nextDue(sub: WSubscription): { at: number; kind: DueKind } | null {
    if (!['trialing', 'active', 'past_due', 'unpaid'].includes(sub.status)) return null;
    const meta = this.subMeta.get(sub.id);
    const end = sub.items.data[0]?.current_period_end;
    if (!meta || end === undefined) return null;
    if (sub.status === 'past_due' && meta.nextRetryAt !== null && meta.nextRetryAt <= end) {
      return { at: meta.nextRetryAt, kind: 'retry' };
    }
    if (sub.status === 'trialing' && !meta.trialWillEndSent && sub.trial_end !== null) {
      // Stripe sends customer.subscription.trial_will_end three days before the trial ends
      // (or at once for shorter trials).
      return { at: Math.max(sub.trial_end - 3 * DAY, sub.created), kind: 'trial_will_end' };
    }
    return { at: end, kind: 'period_end' };
  }

  private trialWillEnd(sub: WSubscription): void {
    this.subMeta.get(sub.id)!.trialWillEndSent = true;
    this.emit('customer.subscription.trial_will_end', sub);
  }

  private periodEnd(sub: WSubscription): void {
    const now = this.now();
    if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= now)) {
      this.cancelSubscription(sub.id, 'cancellation_requested');
      return;
    }
    const meta = this.subMeta.get(sub.id)!;
    const previous: Record<string, unknown> = { items: structuredClone(sub.items) };
    const start = addInterval(meta.anchor, meta.interval, meta.intervalCount * meta.periodIndex);
    meta.periodIndex += 1;
    const end = addInterval(meta.anchor, meta.interval, meta.intervalCount * meta.periodIndex);
    for (const item of sub.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    if (sub.status === 'unpaid') {
      // Stripe keeps generating invoices for unpaid subscriptions but leaves them as drafts.
      const draft = this.createInvoice(sub, 'subscription_cycle', { start, end }, false, false);
      sub.latest_invoice = draft.id;
      this.emit('customer.subscription.updated', sub, previous);
      return;
    }
    const invoice = this.createInvoice(sub, 'subscription_cycle', { start, end }, false);
    previous.latest_invoice = sub.latest_invoice;
    sub.latest_invoice = invoice.id;
    const paid = this.attemptInvoice(invoice, sub.customer as string);
    if (paid) {
      this.setStatus(sub, 'active', previous);
      meta.retries = 0;
      meta.nextRetryAt = null;
      this.emit('customer.subscription.updated', sub, previous);
      return;
    }
    this.setStatus(sub, 'past_due', previous);
    const exhausted = this.scheduleRetry(sub, invoice, meta, previous);
    this.emit('customer.subscription.updated', sub, previous);
    if (exhausted) this.cancelSubscription(sub.id, 'payment_failed');
  }

  /** Plans the next retry; answers true when retries are exhausted and the subscription must end. */
  private scheduleRetry(
    sub: WSubscription,
    invoice: WInvoice,
    meta: SubscriptionMeta,
    previous: Record<string, unknown>,
  ): boolean {
    const gap = this.settings.paymentRetryDays[meta.retries];
    if (gap !== undefined) {
      meta.nextRetryAt = this.now() + gap * DAY;
      invoice.next_payment_attempt = meta.nextRetryAt;
      return false;
    }
    meta.nextRetryAt = null;
    invoice.next_payment_attempt = null;
    const action = this.settings.afterFinalPaymentFailure;
    if (action === 'unpaid') this.setStatus(sub, 'unpaid', previous);
    return action === 'cancel';
  }

  private retry(sub: WSubscription): void {
    const meta = this.subMeta.get(sub.id)!;
    const invoice = sub.latest_invoice
      ? this.invoices.get(sub.latest_invoice as string)
      : undefined;
    meta.nextRetryAt = null;
    if (!invoice || invoice.status !== 'open') return;
    const previous: Record<string, unknown> = {};
    const paid = this.attemptInvoice(invoice, sub.customer as string);
    if (paid) {
      meta.retries = 0;
      this.setStatus(sub, 'active', previous);
    }
    meta.retries += paid ? 0 : 1;
    const exhausted = paid ? false : this.scheduleRetry(sub, invoice, meta, previous);
    if (exhausted) {
      this.cancelSubscription(sub.id, 'payment_failed');
      return;
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', sub, previous);
  }

  // ----- webhook endpoints -------------------------------------------------------------------

  addEndpoint(
    f: {
      url: string;
      secret?: string;
      enabledEvents?: string[];
      description?: string | null;
      metadata?: Metadata;
    },
    fromControl: boolean,
  ): WWebhookEndpoint {
    const endpoint = buildWebhookEndpoint(this.id('we'), this.now(), {
      url: f.url,
      secret: f.secret ?? `whsec_${this.id('x', 32).slice(2)}`,
      enabledEvents: f.enabledEvents && f.enabledEvents.length > 0 ? f.enabledEvents : ['*'],
      apiVersion: this.settings.apiVersion,
      description: f.description ?? null,
      metadata: f.metadata ?? {},
    });
    this.endpoints.set(endpoint.id, { endpoint, fromControl });
    return endpoint;
  }

  getEndpoint(id: string): WWebhookEndpoint {
    const e = this.endpoints.get(id);
    if (!e) throw resourceMissing('webhook_endpoint', id);
    return e.endpoint;
  }
}
