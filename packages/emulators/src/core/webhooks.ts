import type { Faults } from './faults';
import type { Random } from './random';

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  /** The exact bytes that were signed; sent unchanged. */
  body: string;
}

export interface DeliveryLog {
  at: number;
  url: string;
  status: number | 'error' | 'dropped';
  attempt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends webhooks the way the real services do: POST, retried with backoff on a non-2xx answer or a
 * network error, with the drop/duplicate faults applied. Delivery runs in the background.
 */
export class WebhookSender {
  readonly log: DeliveryLog[] = [];
  private pending = new Set<Promise<void>>();
  private readonly held: OutgoingWebhook[] = [];

  constructor(
    private readonly faults: () => Faults,
    private readonly random: Random,
    private readonly options: { maxAttempts: number; backoffMs: (attempt: number) => number } = {
      maxAttempts: 8,
      backoffMs: (attempt) => Math.min(200 * 2 ** (attempt - 1), 10_000),
    },
  ) {}

  send(hook: OutgoingWebhook): void {
    const faults = this.faults();
    if (faults.holdWebhooks) {
      this.held.push(hook);
      return;
    }
    if (this.random() < faults.dropWebhookRate) {
      this.log.push({ at: Date.now(), url: hook.url, status: 'dropped', attempt: 0 });
      return;
    }
    const copies = this.random() < faults.duplicateWebhookRate ? 2 : 1;
    for (let i = 0; i < copies; i++) this.track(this.deliver(hook));
  }

  /** Sends the webhooks held so far (faults.holdWebhooks), oldest first; answers how many. */
  release(): number {
    const hooks = this.held.splice(0);
    for (const hook of hooks) this.send(hook);
    return hooks.length;
  }

  /** Forgets the webhooks held (an emulator reset). */
  clearHeld(): void {
    this.held.length = 0;
  }

  /** Resolves when every delivery started so far has finished (tests use it to settle). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<void>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(hook: OutgoingWebhook): Promise<void> {
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
      try {
        const res = await fetch(hook.url, {
          method: 'POST',
          headers: hook.headers,
          body: hook.body,
          signal: AbortSignal.timeout(10_000),
        });
        this.log.push({ at: Date.now(), url: hook.url, status: res.status, attempt });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
      } catch {
        this.log.push({ at: Date.now(), url: hook.url, status: 'error', attempt });
      }
      await sleep(this.options.backoffMs(attempt));
    }
  }
}
