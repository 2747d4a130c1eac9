import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import type { Subscription } from '@stocksync/contract';
import { createStripeEmulator, type StripeEmulator } from '@stocksync/emulators';
import { createQueue } from '../../src/jobs/queue';
import { SANDBOX_STRIPE_KEY, STRIPE_WEBHOOK_EVENTS } from '../../src/modules/billing/sandbox';
import { StripeGateway } from '../../src/modules/billing/stripe-gateway';
import { createTestApp, type SignedInUser, type TestApp } from './app';
import { startTestChannels, type TestChannels } from './channels';
import { freePort, runDueJobs } from './jobs';

/** Seconds in a day (the Stripe emulator's clock counts seconds). */
export const DAY = 86_400;

export interface BillingWorld {
  t: TestApp;
  /** The app's own URL (it listens, so the emulators deliver webhooks over HTTP). */
  base: string;
  emulator: StripeEmulator;
  /** The official client pointed at the emulator, to read what Stripe holds. */
  stripe: Stripe;
  webhookSecret: string;
  channels: TestChannels | null;
  /** Runs the queued jobs once (channel webhooks) with every service. */
  runJobs(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app on a real port with a Stripe emulator (sending its signed webhooks to the app) and, with
 * `channels`, the channel emulators; the app talks to Stripe through the official client.
 */
export async function startBillingWorld(options: { channels?: boolean } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const emulator = createStripeEmulator();
  const stripeUrl = await emulator.listen(0);
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  emulator.control.addWebhookEndpoint({
    url: `${base}/v1/webhooks/stripe`,
    secret: webhookSecret,
    enabledEvents: STRIPE_WEBHOOK_EVENTS,
  });
  const gateway = new StripeGateway({
    secretKey: SANDBOX_STRIPE_KEY,
    webhookSecret,
    apiBaseUrl: stripeUrl,
    sandbox: true,
  });
  const channels = options.channels ? await startTestChannels({ appUrl: base }) : null;
  const t = await createTestApp({
    stripe: gateway,
    config: { APP_URL: base },
    ...(channels ? { channels: channels.channels } : {}),
  });
  // The job schema, so imports and webhooks can queue their jobs.
  await (await createQueue(t.db.pool)).close();
  await t.app.listen({ port, host: '127.0.0.1' });
  // Stripe's events are applied by the webhooks job: "every delivery done" includes running it.
  const deliveriesDone = emulator.control.idle.bind(emulator.control);
  emulator.control.idle = async () => {
    await deliveriesDone();
    await runDueJobs(t);
  };
  const { hostname, port: stripePort } = new URL(stripeUrl);
  const stripe = new Stripe(SANDBOX_STRIPE_KEY, {
    host: hostname,
    port: Number(stripePort),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
  const world: BillingWorld = {
    t,
    base,
    emulator,
    stripe,
    webhookSecret,
    channels,
    runJobs: () => runDueJobs(t),
    async close() {
      await t.close();
      await emulator.close();
      await channels?.close();
    },
  };
  return world;
}

/** Calls an organisation-scoped route of the user's first organisation. */
export function call(
  w: BillingWorld,
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  orgId = user.firstOrgId,
) {
  return w.t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'x-organization-id': orgId },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Pays a Checkout Session on the emulator's hosted page, like a buyer pressing Subscribe. */
export async function payCheckout(url: string, card = '4242 4242 4242 4242'): Promise<Response> {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)" data-testid="checkout-form">/.exec(
    html,
  )?.[1];
  if (!action) throw new Error('no checkout form on the page');
  const email = /<input name="email" value="([^"]*)"/.exec(html)?.[1] ?? '';
  return fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      card_number: card,
      card_expiry: '12 / 34',
      card_cvc: '123',
      name: 'Test Buyer',
      outcome: 'pay',
    }).toString(),
    redirect: 'manual',
  });
}

/** Presses a button of the emulator's billing portal page for one subscription. */
export async function portalAction(
  url: string,
  subscription: string,
  action: 'cancel_at_period_end' | 'renew' | 'cancel_now',
): Promise<Response> {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`portal page answered ${page.status}`);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ subscription, action }).toString(),
    redirect: 'manual',
  });
}

/**
 * Posts an event to the app's Stripe webhook, signed with the endpoint's secret (or `secret`), and
 * runs the job that applies it.
 */
export async function postStripeEvent(
  w: BillingWorld,
  event: { id: string; type: string; created: number; data: { object: unknown } },
  secret = w.webhookSecret,
) {
  const payload = JSON.stringify({ object: 'event', livemode: false, api_version: null, ...event });
  const header = w.stripe.webhooks.generateTestHeaderString({ payload, secret });
  const answer = await fetch(`${w.base}/v1/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  await w.runJobs();
  return answer;
}

/** The organisation's subscription row as stored. */
export function storedSubscription(w: BillingWorld, orgId: string) {
  return w.t.db.db
    .withTables<{ subscriptions: { organization_id: string } & Record<string, unknown> }>()
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', orgId)
    .executeTakeFirstOrThrow();
}

/** GET /v1/users/subscription of the user's first organisation. */
export async function subscriptionOf(w: BillingWorld, user: SignedInUser): Promise<Subscription> {
  const answer = await call(w, user, 'GET', '/v1/users/subscription');
  if (answer.statusCode !== 200) throw new Error(`subscription answered ${answer.statusCode}`);
  return answer.json<{ subscription: Subscription }>().subscription;
}

/**
 * Ends the organisation's free trial now, as if its 14 days were over: a checkout then starts a
 * paid subscription at once (during the trial it carries the trial's end into the subscription).
 */
export async function endTrial(w: BillingWorld, orgId: string): Promise<void> {
  await sql`update subscriptions set trial_end = ${w.t.clock.now()}
            where organization_id = ${orgId} and status = 'trialing'`.execute(w.t.db.db);
}

/**
 * Starts Checkout through the API; answers the hosted page URL and the session as Stripe has it.
 * The trial is ended first unless `duringTrial`.
 */
export async function startCheckout(
  w: BillingWorld,
  user: SignedInUser,
  plan = 'starter',
  options: { duringTrial?: boolean } = {},
) {
  if (!options.duringTrial) await endTrial(w, user.firstOrgId);
  const answer = await call(w, user, 'POST', '/v1/subscriptions/stripe/checkout', { plan });
  if (answer.statusCode !== 200) throw new Error(`checkout answered ${answer.body}`);
  const { url } = answer.json<{ url: string }>();
  const id = /\/c\/pay\/(cs_test_\w+)/.exec(url)?.[1];
  if (!id) throw new Error(`not a Checkout URL: ${url}`);
  return { url, session: await w.stripe.checkout.sessions.retrieve(id) };
}

/** Checkout, payment on the hosted page, and the webhooks delivered: the organisation is active. */
export async function subscribe(
  w: BillingWorld,
  user: SignedInUser,
  plan = 'starter',
  options: { duringTrial?: boolean } = {},
) {
  const { url, session } = await startCheckout(w, user, plan, options);
  const paid = await payCheckout(url);
  if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
  await w.emulator.control.idle();
  return session;
}

/** Cancels the organisation's Stripe subscription now in the portal (webhooks delivered). */
export async function cancelNow(w: BillingWorld, user: SignedInUser): Promise<void> {
  const portal = await call(w, user, 'POST', '/v1/subscriptions/stripe/portal');
  if (portal.statusCode !== 200) throw new Error(`portal answered ${portal.body}`);
  const stored = await storedSubscription(w, user.firstOrgId);
  const pressed = await portalAction(
    portal.json<{ url: string }>().url,
    stored.stripe_subscription_id as string,
    'cancel_now',
  );
  if (pressed.status !== 303) throw new Error(`portal cancel answered ${pressed.status}`);
  await w.emulator.control.idle();
}
