import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './index';
import { DEFAULT_SECRET_KEY } from './settings';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server that records webhook deliveries and answers `status` (default 200). */
export async function startReceiver(status: () => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status();
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts an emulator and an official stripe-node client pointed at it (docs/channels §4.7). */
export async function startStripe(options: StripeEmulatorOptions = {}) {
  const emulator: StripeEmulator = createStripeEmulator(options);
  const url = await emulator.listen();
  const port = Number(new URL(url).port);
  const client = (key = DEFAULT_SECRET_KEY) =>
    new Stripe(key, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      telemetry: false,
      maxNetworkRetries: 0,
    });
  return { emulator, url, port, stripe: client(), client };
}

/** Reads a form's action and its named fields (inputs with values and the chosen button). */
export function readForm(html: string, testId: string) {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start === -1) throw new Error(`form ${testId} not found`);
  const formStart = html.lastIndexOf('<form', start);
  const formEnd = html.indexOf('</form>', start);
  const form = html.slice(formStart, formEnd);
  const action = /action="([^"]*)"/.exec(form)?.[1];
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
    fields[m[1] as string] = /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
  }
  return { action, fields };
}

/** Submits a page's form the way a browser does (urlencoded POST, no redirect following). */
export async function submitForm(
  pageUrl: string,
  action: string | undefined,
  fields: Record<string, string>,
) {
  const target = new URL(action ?? pageUrl, pageUrl);
  return fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export const DAY = 86_400;
