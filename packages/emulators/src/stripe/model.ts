import type Stripe from 'stripe';

/**
 * The JSON Stripe puts on the wire for a stripe-node type. stripe-node v23 turns `decimal_string`
 * fields (unit_amount_decimal, ...) into Decimal objects after parsing; on the wire they are strings.
 */
export type Wire<T> = T extends string | number | boolean | bigint | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends Array<infer U>
      ? Array<Wire<U>>
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export type WCustomer = Wire<Stripe.Customer>;
export type WProduct = Wire<Stripe.Product>;
export type WPrice = Wire<Stripe.Price>;
export type WPlan = Wire<Stripe.Plan>;
export type WSubscription = Wire<Stripe.Subscription>;
export type WSubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type WInvoice = Wire<Stripe.Invoice>;
export type WInvoiceLineItem = Wire<Stripe.InvoiceLineItem>;
export type WCheckoutSession = Wire<Stripe.Checkout.Session>;
export type WLineItem = Wire<Stripe.LineItem>;
export type WPortalSession = Wire<Stripe.BillingPortal.Session>;
export type WEvent = Wire<Stripe.Event>;
export type WWebhookEndpoint = Wire<Stripe.WebhookEndpoint>;
export type Metadata = Record<string, string>;

export interface WList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export function list<T>(url: string, data: T[], hasMore = false): WList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function buildCustomer(
  id: string,
  created: number,
  fields: {
    email: string | null;
    name: string | null;
    description: string | null;
    phone: string | null;
    metadata: Metadata;
  },
): WCustomer {
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildProduct(
  id: string,
  created: number,
  fields: { name: string; description: string | null; active: boolean; metadata: Metadata },
): WProduct {
  return {
    id,
    object: 'product',
    active: fields.active,
    created,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

export interface PriceFields {
  product: string;
  currency: string;
  unitAmount: number;
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  active: boolean;
  metadata: Metadata;
}

export function buildPrice(id: string, created: number, f: PriceFields): WPrice {
  return {
    id,
    object: 'price',
    active: f.active,
    billing_scheme: 'per_unit',
    created,
    currency: f.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: f.lookupKey,
    metadata: f.metadata,
    nickname: f.nickname,
    product: f.product,
    recurring: f.interval
      ? {
          interval: f.interval,
          interval_count: f.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: f.interval ? 'recurring' : 'one_time',
    unit_amount: f.unitAmount,
    unit_amount_decimal: String(f.unitAmount),
  };
}

/** The legacy Plan view of a recurring price, still embedded in subscription items. */
export function planOf(price: WPrice): WPlan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildSubscriptionItem(
  id: string,
  created: number,
  subscription: string,
  price: WPrice,
  quantity: number,
  period: { start: number; end: number },
): WSubscriptionItem {
  return {
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: structuredClone(price),
    quantity,
    subscription,
    tax_rates: [],
  };
}

export function buildSubscription(
  id: string,
  created: number,
  f: {
    customer: string;
    currency: string;
    items: WSubscriptionItem[];
    status: Stripe.Subscription.Status;
    anchor: number;
    trialStart: number | null;
    trialEnd: number | null;
    metadata: Metadata;
    defaultPaymentMethod: string | null;
  },
): WSubscription {
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: f.anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created,
    currency: f.currency,
    customer: f.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: f.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list(`/v1/subscription_items?subscription=${id}`, f.items),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: f.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: f.status,
    test_clock: null,
    transfer_data: null,
    trial_end: f.trialEnd,
    trial_settings: f.trialEnd
      ? { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } }
      : null,
    trial_start: f.trialStart,
  };
}

export interface InvoiceLineInput {
  lineId: string;
  subscriptionItem: string;
  price: WPrice;
  quantity: number;
  amount: number;
  productName: string;
}

export function buildInvoice(
  id: string,
  created: number,
  f: {
    customer: WCustomer;
    subscription: WSubscription;
    billingReason: Stripe.Invoice.BillingReason;
    currency: string;
    lines: InvoiceLineInput[];
    period: { start: number; end: number };
    number: string;
    hostedBaseUrl: string;
  },
): WInvoice {
  const total = f.lines.reduce((sum, l) => sum + l.amount, 0);
  const lines: WInvoiceLineItem[] = f.lines.map((l) => ({
    id: l.lineId,
    object: 'line_item',
    amount: l.amount,
    currency: f.currency,
    description: `${l.quantity} × ${l.productName} (at ${formatMoney(l.price.unit_amount ?? 0, f.currency)} / ${l.price.recurring?.interval ?? 'month'})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: f.subscription.id,
        subscription_item: l.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: { start: f.period.start, end: f.period.end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: {
        price: l.price.id,
        product: typeof l.price.product === 'string' ? l.price.product : l.price.product.id,
      },
      type: 'price_details',
      unit_amount_decimal: String(l.price.unit_amount ?? 0),
    },
    quantity: l.quantity,
    quantity_decimal: String(l.quantity),
    subscription: f.subscription.id,
    subtotal: l.amount,
    taxes: [],
  }));
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stocksync (emulated Stripe account)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: f.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: f.currency,
    custom_fields: null,
    customer: f.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: f.customer.email,
    customer_name: f.customer.name ?? null,
    customer_phone: f.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${f.hostedBaseUrl}/i/${id}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(`/v1/invoices/${id}/lines`, lines),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: f.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: structuredClone(f.subscription.metadata),
        subscription: f.subscription.id,
      },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: f.period.end,
    period_start: f.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

export function buildCheckoutSession(
  id: string,
  created: number,
  f: {
    url: string;
    customer: string | null;
    customerEmail: string | null;
    clientReferenceId: string | null;
    successUrl: string;
    cancelUrl: string | null;
    currency: string;
    amountTotal: number;
    expiresAt: number;
    metadata: Metadata;
    allowPromotionCodes: boolean | null;
    locale: Stripe.Checkout.Session.Locale | null;
  },
): WCheckoutSession {
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: f.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: f.amountTotal,
    amount_total: f.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: f.cancelUrl,
    client_reference_id: f.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: f.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: f.customer,
    customer_account: null,
    customer_creation: f.customer ? null : 'always',
    customer_details: null,
    customer_email: f.customerEmail,
    discounts: [],
    expires_at: f.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: f.locale,
    managed_payments: null,
    metadata: f.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: f.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: f.url,
    wallet_options: null,
  };
}

export function buildPortalSession(
  id: string,
  created: number,
  f: {
    customer: string;
    url: string;
    returnUrl: string | null;
    configuration: string;
    locale: Stripe.BillingPortal.Session.Locale | null;
  },
): WPortalSession {
  return {
    id,
    object: 'billing_portal.session',
    configuration: f.configuration,
    created,
    customer: f.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: f.locale,
    on_behalf_of: null,
    return_url: f.returnUrl,
    url: f.url,
  };
}

export function buildWebhookEndpoint(
  id: string,
  created: number,
  f: {
    url: string;
    secret: string;
    enabledEvents: string[];
    apiVersion: string | null;
    description: string | null;
    metadata: Metadata;
  },
): WWebhookEndpoint {
  return {
    id,
    object: 'webhook_endpoint',
    api_version: f.apiVersion,
    application: null,
    created,
    description: f.description,
    enabled_events: f.enabledEvents,
    livemode: false,
    metadata: f.metadata,
    secret: f.secret,
    status: 'enabled',
    url: f.url,
  };
}

export function formatMoney(amount: number, currency: string): string {
  const zeroDecimal = ['jpy', 'krw', 'vnd', 'clp', 'xof', 'xaf'].includes(currency.toLowerCase());
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(zeroDecimal ? amount : amount / 100);
}
