import { z } from 'zod';
import { createEmulatorApp, noFaults, type Emulator, type EmulatorApp } from '../core';
import type { WEvent, WWebhookEndpoint } from './model';
import { registerPages } from './pages';
import { stripeStateCodec } from './persistence';
import { registerApiRoutes, stripeFaultReply } from './routes';
import { defaultSettings, type StripeSettings } from './settings';
import { stripeSignatureHeader } from './signature';
import { StripeStore, TEST_CARDS } from './store';

export { computeV1Signature, stripeSignatureHeader, verifyStripeSignature } from './signature';
export { parseForm } from './form';
export { TEST_CARDS, StripeStore } from './store';
export {
  DEFAULT_CATALOGUE,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  type CatalogueEntry,
  type StripeSettings,
} from './settings';
export type * from './model';

export interface StripeEmulatorOptions extends Partial<StripeSettings> {
  /** Seed for the core's fault decisions (ids are random, like Stripe's, and never repeat). */
  seed?: number;
  /** Keeps customers, subscriptions, invoices and the rest in this file across restarts. */
  stateFile?: string;
  /** Base URL put into Checkout/portal `url`s; default the address listen() answers. */
  publicUrl?: string;
  /** Webhook endpoints configured at start (kept across reset). */
  webhookEndpoints?: Array<{ url: string; secret?: string; enabledEvents?: string[] }>;
}

export interface WebhookDelivery {
  at: number;
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
}

export interface StripeControl {
  /** Adds a webhook endpoint (a secret whsec_... is generated unless given); answers it with its secret. */
  addWebhookEndpoint(input: {
    url: string;
    secret?: string;
    enabledEvents?: string[];
  }): WWebhookEndpoint;
  /** Removes every webhook endpoint configured through the control interface. */
  clearWebhookEndpoints(): void;
  /** Emulated Unix time (seconds). */
  now(): number;
  /** Moves the clock forward, running renewals, trial ends, retries and expiries; answers the new time. */
  advanceClock(seconds: number): number;
  /** The customer's next `count` payment attempts fail (0 clears). */
  failNextPayments(customerId: string, count?: number): void;
  /** Marks the customer's card as always failing (or working again). */
  setCardFailing(customerId: string, failing: boolean): void;
  /** Pays a Checkout Session like the hosted page does (throws the 402 card error on a decline). */
  completeCheckoutSession(
    sessionId: string,
    payment?: { card?: string; email?: string; name?: string },
  ): ReturnType<StripeStore['completeCheckoutSession']>;
  /** Events created so far, oldest first. */
  events(): WEvent[];
  /** Webhook deliveries started so far (the core's sender log has statuses and attempts). */
  deliveries(): WebhookDelivery[];
  /** Resolves when every webhook delivery started so far has finished (including retries). */
  idle(): Promise<void>;
  /** Everything the emulator holds, as plain JSON. */
  state(): Record<string, unknown>;
  /** Clears all objects, the clock offset, faults and recorded requests; re-seeds the catalogue. */
  reset(): void;
}

export interface StripeEmulator extends Emulator {
  readonly name: 'stripe';
  readonly store: StripeStore;
  readonly settings: StripeSettings;
  readonly control: StripeControl;
  /** The base URL after listen() (or options.publicUrl). */
  url(): string;
}

const endpointBody = z.object({
  url: z.string().url(),
  secret: z.string().min(1).optional(),
  enabledEvents: z.array(z.string()).optional(),
});
const advanceBody = z.object({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400),
});
const failureBody = z.object({
  count: z.number().int().min(0).max(1000).optional(),
  failing: z.boolean().optional(),
});
const completeBody = z.object({
  card: z.string().optional(),
  email: z.string().optional(),
  name: z.string().optional(),
});

/** A stateful Stripe (subscriptions, Checkout, portal, invoices, webhooks) over real HTTP. */
export function createStripeEmulator(options: StripeEmulatorOptions = {}): StripeEmulator {
  const { seed = 1, publicUrl, webhookEndpoints, stateFile, ...overrides } = options;
  const settings: StripeSettings = { ...defaultSettings(), ...overrides };
  const core: EmulatorApp = createEmulatorApp({
    name: 'stripe',
    seed,
    rawBody: true,
    errorReply: stripeFaultReply,
  });
  let baseUrl = publicUrl ?? 'http://127.0.0.1';
  const deliveries: WebhookDelivery[] = [];

  const store = new StripeStore(
    settings,
    (event, endpoints) => {
      const body = JSON.stringify(event, null, 2);
      for (const endpoint of endpoints) {
        const t = settings.signatureClock === 'real' ? Math.floor(Date.now() / 1000) : store.now();
        deliveries.push({
          at: Date.now(),
          eventId: event.id,
          type: event.type,
          endpointId: endpoint.id,
          url: endpoint.url,
        });
        core.webhooks.send({
          url: endpoint.url,
          body,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': stripeSignatureHeader(endpoint.secret ?? '', t, body),
          },
        });
      }
    },
    () => baseUrl,
  );
  store.onResetHooks.push(() => (deliveries.length = 0));
  if (stateFile) core.persist(stateFile, stripeStateCodec(store));
  for (const e of webhookEndpoints ?? []) store.addEndpoint(e, true);

  const control: StripeControl = {
    addWebhookEndpoint: (input) => store.addEndpoint(input, true),
    clearWebhookEndpoints() {
      for (const [id, e] of store.endpoints) if (e.fromControl) store.endpoints.delete(id);
    },
    now: () => store.now(),
    advanceClock: (seconds) => store.advance(seconds),
    failNextPayments(customerId, count = 1) {
      store.customerBilling(customerId).failNext = count;
    },
    setCardFailing(customerId, failing) {
      store.customerBilling(customerId).alwaysFail = failing;
    },
    completeCheckoutSession: (id, payment) => store.completeCheckoutSession(id, payment),
    events: () => [...store.events.values()],
    deliveries: () => [...deliveries],
    idle: () => core.webhooks.idle(),
    state: () =>
      structuredClone({
        now: store.now(),
        clockOffsetSeconds: store.offsetSeconds,
        customers: [...store.customers.values()],
        customerBilling: Object.fromEntries(store.billing),
        products: [...store.products.values()],
        prices: [...store.prices.values()],
        checkoutSessions: [...store.sessions.values()],
        portalSessions: [...store.portalSessions.values()],
        subscriptions: [...store.subscriptions.values()],
        invoices: [...store.invoices.values()],
        events: [...store.events.values()].map((e) => ({
          id: e.id,
          type: e.type,
          created: e.created,
        })),
        webhookEndpoints: [...store.endpoints.values()].map((e) => e.endpoint),
        deliveries,
        deliveryLog: core.webhooks.log,
      }),
    reset() {
      core.setFaults(noFaults());
      core.recorder.clear();
      store.reset();
    },
  };

  core.onReset(() => store.reset());
  registerApiRoutes(core.app, store);
  registerPages(core.app, store);
  registerControlRoutes(core, store, control);

  return {
    name: 'stripe',
    core,
    store,
    settings,
    control,
    url: () => baseUrl,
    async listen(port = 0) {
      const url = await core.listen(port);
      if (!publicUrl) baseUrl = url;
      return url;
    },
    close: () => core.close(),
    describe: () => ({
      title: 'Stripe (subscriptions, Checkout, Billing Portal, webhooks)',
      accounts: [
        {
          secretKey: settings.secretKeys[0] ?? '',
          publishableKey: settings.publishableKey,
          apiVersion: settings.apiVersion,
          testCardSuccess: TEST_CARDS.success,
          testCardDecline: TEST_CARDS.genericDecline,
          testCardFailsLater: TEST_CARDS.failsLater,
          prices: [...store.prices.values()].map((p) => p.lookup_key ?? p.id).join(', '),
        },
      ],
    }),
  };
}

function registerControlRoutes(core: EmulatorApp, store: StripeStore, control: StripeControl) {
  const app = core.app;
  const bad = (reply: { code: (n: number) => { send: (b: unknown) => unknown } }, error: unknown) =>
    reply.code(400).send({ error: error instanceof z.ZodError ? error.issues : String(error) });

  app.get('/_emulator/state', async () => control.state());
  app.get('/_emulator/webhook-endpoints', async () => ({
    data: [...store.endpoints.values()].map((e) => ({ ...e.endpoint, fromControl: e.fromControl })),
  }));
  app.post('/_emulator/webhook-endpoints', async (request, reply) => {
    const parsed = endpointBody.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    return control.addWebhookEndpoint(parsed.data);
  });
  app.delete('/_emulator/webhook-endpoints', async () => {
    control.clearWebhookEndpoints();
    return { ok: true };
  });
  app.get('/_emulator/clock', async () => ({
    now: store.now(),
    offsetSeconds: store.offsetSeconds,
  }));
  app.post('/_emulator/clock/advance', async (request, reply) => {
    const parsed = advanceBody.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    const before = store.events.size;
    const now = control.advanceClock(parsed.data.seconds);
    const events = [...store.events.values()]
      .slice(before)
      .map((e) => ({ id: e.id, type: e.type }));
    return { now, offsetSeconds: store.offsetSeconds, events };
  });
  app.post('/_emulator/customers/:id/payment-failure', async (request, reply) => {
    const parsed = failureBody.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    const id = (request.params as { id: string }).id;
    if (!store.customers.has(id)) return reply.code(404).send({ error: `No such customer: ${id}` });
    if (parsed.data.failing !== undefined) control.setCardFailing(id, parsed.data.failing);
    if (parsed.data.count !== undefined || parsed.data.failing === undefined) {
      control.failNextPayments(id, parsed.data.count ?? 1);
    }
    return store.customerBilling(id);
  });
  app.post('/_emulator/checkout/sessions/:id/complete', async (request, reply) => {
    const parsed = completeBody.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    try {
      return control.completeCheckoutSession((request.params as { id: string }).id, parsed.data);
    } catch (error) {
      if (error && typeof error === 'object' && 'status' in error && 'body' in error) {
        const e = error as { status: number; body: unknown };
        return reply.code(e.status).send({ error: e.body });
      }
      throw error;
    }
  });
  app.get('/_emulator/webhook-deliveries', async () => ({
    deliveries: control.deliveries(),
    log: core.webhooks.log,
  }));
  app.get('/_emulator/events', async () => ({ events: control.events() }));
}
