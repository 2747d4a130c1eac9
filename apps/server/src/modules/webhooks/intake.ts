import type Stripe from 'stripe';
import {
  ChannelError,
  type ChannelAdapter,
  type ChannelWebhookEvent,
  type WebhookRequest,
} from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { enqueue } from '../../jobs/queue-repository';
import type { JobPayload } from '../../jobs/payloads';
import { messageOf, type ConnectionsService } from '../connections/service';
import { customerOf } from '../billing/stripe-report';
import type { SyncService } from '../sync/service';
import { SYNC_WEBHOOK_KINDS, type SyncWebhookKind, type WebhookEffect } from '../sync/webhook-plan';
import { WebhookEventsRepository, type RecordedEvent } from './repository';

export type WebhookJob = JobPayload<'webhooks_process'>;

/** Billing's part of the intake: Stripe's signature check. */
export interface StripeVerifier {
  verifyStripeEvent(rawBody: string, signature: string | undefined): Stripe.Event;
}

const isSyncKind = (
  event: ChannelWebhookEvent,
): event is ChannelWebhookEvent & { kind: SyncWebhookKind } =>
  (SYNC_WEBHOOK_KINDS as readonly string[]).includes(event.kind);

/**
 * The one intake of every webhook, channels' and Stripe's: the signature checked on the raw body
 * (nothing is stored otherwise), the event recorded once (processed_webhook_events), and, in the
 * same transaction, handed by its kind to the module that owns it: stock and order events to sync
 * (listings flagged, orders queued; its jobs read the channel), every other event to a
 * webhooks_process job (uninstalls, account deletions, billing). A redelivery is acknowledged and
 * changes nothing.
 */
export class WebhookIntake {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly sync: SyncService,
    private readonly stripe: StripeVerifier,
  ) {}

  async receiveChannel(
    platform: Platform,
    request: WebhookRequest,
  ): Promise<{ duplicate: boolean }> {
    const event = await this.verifiedChannelEvent(
      this.connections.channels[platform].adapter,
      request,
    );
    const recorded: RecordedEvent = {
      provider: platform,
      eventId: event.eventId,
      topic: event.topic,
      account: event.account ?? null,
    };
    if (!isSyncKind(event))
      return this.record(
        recorded,
        this.jobEffect({ ...jobOf(recorded), provider: platform, kind: event.kind }),
        false,
      );
    // The accounts it is about, active ones only (sync plans by reads, outside any transaction).
    const connectionIds = event.account
      ? (await this.connections.byExternalAccount(platform, event.account))
          .filter((row) => row.status === 'active')
          .map((row) => row.id)
      : [];
    const effect = await this.sync.planWebhook(platform, event, connectionIds);
    // Our own push coming back: nothing to learn, nothing recorded.
    if (effect === 'echo') return { duplicate: false };
    return this.record(recorded, effect, true);
  }

  async receiveStripe(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ duplicate: boolean }> {
    const event = this.stripe.verifyStripeEvent(rawBody, signature);
    const recorded: RecordedEvent = {
      provider: 'stripe',
      eventId: event.id,
      topic: event.type,
      account: customerOf(event),
    };
    return this.record(
      recorded,
      this.jobEffect({
        ...jobOf(recorded),
        provider: 'stripe',
        kind: 'billing',
        event: event as unknown as Extract<WebhookJob, { provider: 'stripe' }>['event'],
      }),
      false,
    );
  }

  private async verifiedChannelEvent(
    adapter: ChannelAdapter,
    request: WebhookRequest,
  ): Promise<ChannelWebhookEvent> {
    let valid: boolean;
    try {
      valid = await adapter.verifyWebhook(request);
    } catch (error) {
      // eBay fetches its public key: if eBay is down, answer 503 so it delivers again later.
      if (error instanceof ChannelError && error.retryable)
        throw new AppError(503, 'Could not verify the notification now; please retry');
      valid = false;
    }
    if (!valid) throw unauthorized();
    try {
      return adapter.parseWebhook(request);
    } catch (error) {
      throw badRequest(`Unreadable notification: ${messageOf(error)}`, 'body');
    }
  }

  /** Processed by a webhooks_process job, queued in the transaction that records the event. */
  private jobEffect(job: WebhookJob): WebhookEffect {
    return {
      record: (trx) =>
        enqueue(trx, { name: 'webhooks_process', payload: job, options: { maxAttempts: 10 } }),
      committed: () => Promise.resolve(),
    };
  }

  /** Records the event once and, only if it is new, its owner's effect in the same transaction. */
  private async record(
    event: RecordedEvent,
    effect: WebhookEffect,
    processedOnRecord: boolean,
  ): Promise<{ duplicate: boolean }> {
    const now = this.clock.now();
    const fresh = await this.db.transaction().execute(async (trx) => {
      const recorded = await new WebhookEventsRepository(trx).record(
        event,
        now,
        processedOnRecord ? now : null,
      );
      if (recorded) await effect.record(trx);
      return recorded;
    });
    if (fresh) await effect.committed();
    return { duplicate: !fresh };
  }
}

const jobOf = (event: RecordedEvent) => ({
  event_id: event.eventId,
  topic: event.topic,
  account: event.account,
});
