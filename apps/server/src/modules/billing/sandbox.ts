import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  createStripeEmulator,
  type RunningEmulators,
  type StripeEmulator,
} from '@stocksync/emulators';
import type { Config } from '../../config';
import { sandboxStateDir } from '../connections/sandbox';
import { StripeGateway } from './stripe-gateway';

/** The Stripe emulator's sandbox secret key. */
export const SANDBOX_STRIPE_KEY = 'sk_test_stocksync_emulator';

/** The events billing acts on (docs/channels §4.5). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/**
 * Points an emulator at our webhook endpoint; answers the gateway that talks to it. The endpoint
 * (with a secret only this process knows) is set afresh at every start: the emulator does not keep
 * control-configured endpoints in its saved state.
 */
export function sandboxGateway(emulator: StripeEmulator, url: string, appUrl: string) {
  if (!emulator.settings.secretKeys.includes(SANDBOX_STRIPE_KEY))
    emulator.settings.secretKeys.push(SANDBOX_STRIPE_KEY);
  emulator.control.clearWebhookEndpoints();
  const endpoint = emulator.control.addWebhookEndpoint({
    url: `${appUrl.replace(/\/$/, '')}/v1/webhooks/stripe`,
    secret: `whsec_${randomBytes(24).toString('hex')}`,
    enabledEvents: STRIPE_WEBHOOK_EVENTS,
  });
  return new StripeGateway({
    secretKey: SANDBOX_STRIPE_KEY,
    webhookSecret: endpoint.secret ?? undefined,
    apiBaseUrl: url,
    sandbox: true,
  });
}

/**
 * Billing in demo mode: with no STRIPE_SECRET_KEY the Stripe emulator runs in-process (the one the
 * channel sandbox started, else its own) and sends its webhooks to this app. Its customers and
 * subscriptions are kept in DATA_DIR/sandbox, so stored customer ids stay valid after a restart.
 */
export async function startStripeSandbox(
  config: Pick<
    Config,
    'APP_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE_URL' | 'DATA_DIR'
  >,
  running: RunningEmulators | null,
  log: { info(message: string): void },
): Promise<{ gateway: StripeGateway; close: (() => Promise<void>) | null }> {
  if (config.STRIPE_SECRET_KEY) {
    return {
      gateway: new StripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
        ...(config.STRIPE_API_BASE_URL ? { apiBaseUrl: config.STRIPE_API_BASE_URL } : {}),
      }),
      close: null,
    };
  }
  const shared = running?.emulators.find((e) => e.name === 'stripe') as StripeEmulator | undefined;
  const emulator =
    shared ??
    createStripeEmulator({ stateFile: path.join(sandboxStateDir(config.DATA_DIR), 'stripe.v8') });
  const url = shared && running ? running.urls.stripe : await emulator.listen(0);
  log.info(`sandbox billing (no STRIPE_SECRET_KEY configured): Stripe emulator at ${url}`);
  return {
    gateway: sandboxGateway(emulator, url, config.APP_URL),
    close: shared ? null : () => emulator.close(),
  };
}
