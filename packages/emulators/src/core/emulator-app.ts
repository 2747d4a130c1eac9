import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { faultsSchema, noFaults, type Faults } from './faults';
import { persistState, type PersistedState, type StateCodec } from './persistence';
import { preciseNow, RequestRecorder } from './recorder';
import { seededRandom, type Random } from './random';
import { WebhookSender } from './webhooks';

/** Prefix of the control interface; requests under it are never faulted or recorded. */
export const CONTROL_PREFIX = '/_emulator';

export interface EmulatorAppOptions {
  /** Shown in logs and on the index page. */
  name: string;
  /** Seed for fault decisions and webhook faults (state seeding has its own seed). */
  seed?: number;
  /** How this provider answers a rate-limited or failing request (its real error shape). */
  errorReply: (
    kind: 'rate_limit' | 'server_error',
    request: FastifyRequest,
    reply: FastifyReply,
  ) => unknown;
  /** Keep the raw request body as `request.rawBody` (needed to verify signatures). */
  rawBody?: boolean;
}

export interface EmulatorApp {
  app: FastifyInstance;
  recorder: RequestRecorder;
  webhooks: WebhookSender;
  random: Random;
  faults(): Faults;
  setFaults(next: Partial<Faults>): Faults;
  /** Starts listening on 127.0.0.1 (port 0 = a free port) and answers the base URL. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  /** Called by POST /_emulator/reset after faults and the recorder are cleared. */
  onReset(handler: () => void): void;
  /**
   * Keeps the emulator's state in `file`: loaded now if it exists, written after every changing
   * request and on close. Answers whether a saved state was loaded.
   */
  persist(file: string, codec: StateCodec): boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Fastify app with what every emulator shares: request recording with arrival times, injectable
 * faults (latency, 429, 5xx, timeouts), a webhook sender with drop/duplicate faults, and the control
 * routes GET /_emulator/requests, GET|POST /_emulator/faults, POST /_emulator/webhooks/release
 * (webhooks held by the holdWebhooks fault), POST /_emulator/reset.
 */
export function createEmulatorApp(options: EmulatorAppOptions): EmulatorApp {
  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  const recorder = new RequestRecorder();
  const random = seededRandom(options.seed ?? 1);
  let faults = noFaults();
  const resetHandlers: Array<() => void> = [];
  const webhooks = new WebhookSender(() => faults, random);
  let persisted: PersistedState | null = null;

  if (options.rawBody) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      const type = request.headers['content-type'] ?? '';
      if (type.includes('application/json') && text.length > 0) {
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
        }
      } else if (type.includes('application/x-www-form-urlencoded')) {
        done(null, Object.fromEntries(new URLSearchParams(text)));
      } else {
        done(null, text);
      }
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(CONTROL_PREFIX)) return;
    const entry = recorder.record({ at: preciseNow(), method: request.method, path: request.url });
    (request as FastifyRequest & { recorded?: typeof entry }).recorded = entry;
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const roll = random();
    if (roll < faults.timeoutRate) {
      await sleep(faults.timeoutMs);
      request.raw.socket.destroy();
      return reply;
    }
    if (roll < faults.timeoutRate + faults.rateLimitRate) {
      return options.errorReply('rate_limit', request, reply);
    }
    if (roll < faults.timeoutRate + faults.rateLimitRate + faults.serverErrorRate) {
      return options.errorReply('server_error', request, reply);
    }
  });

  app.addHook('preHandler', async (request) => {
    const entry = (request as FastifyRequest & { recorded?: { body?: unknown } }).recorded;
    if (entry && request.body !== undefined) entry.body = request.body;
  });

  app.addHook('onResponse', async (request, reply) => {
    const entry = (request as FastifyRequest & { recorded?: { status?: number } }).recorded;
    if (entry) entry.status = reply.statusCode;
    // Reads change nothing worth saving; in-process changes are caught by the persistence poll.
    if (request.method !== 'GET' && request.method !== 'HEAD') persisted?.changed();
  });

  app.get(`${CONTROL_PREFIX}/requests`, async (request) => {
    const query = request.query as { since?: string; path?: string };
    return {
      requests: recorder.list({
        since: query.since ? Number(query.since) : undefined,
        pathIncludes: query.path,
      }),
    };
  });
  app.get(`${CONTROL_PREFIX}/faults`, async () => faults);
  app.post(`${CONTROL_PREFIX}/faults`, async (request, reply) => {
    const parsed = faultsSchema.partial().safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues });
    faults = { ...faults, ...parsed.data };
    return faults;
  });
  app.post(`${CONTROL_PREFIX}/webhooks/release`, async () => ({ released: webhooks.release() }));
  app.post(`${CONTROL_PREFIX}/reset`, async () => {
    faults = noFaults();
    recorder.clear();
    webhooks.clearHeld();
    for (const handler of resetHandlers) handler();
    return { ok: true };
  });

  return {
    app,
    recorder,
    webhooks,
    random,
    faults: () => faults,
    setFaults(next) {
      faults = faultsSchema.parse({ ...faults, ...next });
      return faults;
    },
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await webhooks.idle();
      await app.close();
      persisted?.close();
    },
    onReset(handler) {
      resetHandlers.push(handler);
    },
    persist(file, codec) {
      if (persisted) throw new Error(`${options.name} emulator state is already persisted`);
      persisted = persistState(options.name, file, codec);
      return persisted.restored;
    },
  };
}
