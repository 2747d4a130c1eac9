import type Stripe from 'stripe';
import {
  ValidationError,
  type ChannelAdapter,
  type WebhookReply,
  type WebhookRequest,
} from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { ConnectionsService } from '../connections/service';
import type { SyncService } from '../sync/service';
import { eraseEbayAccount } from './account-erasure';
import { WebhookIntake, type StripeVerifier, type WebhookJob } from './intake';
import { WebhookEventsRepository } from './repository';

export type { WebhookJob };

/** The modules a webhooks job hands events to, by kind (billing's part of them). */
export interface WebhookBilling extends StripeVerifier {
  applyStripeEvent(event: Stripe.Event): Promise<unknown>;
  onChannelWebhook(job: {
    provider: Platform;
    topic: string;
    kind: string;
    account: string | null;
  }): Promise<void>;
}

/**
 * Webhooks: the one intake (intake.ts) and the job that processes what sync does not take at
 * intake, each event by the module that owns its kind.
 */
export class WebhooksService {
  readonly intake: WebhookIntake;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly activity: ActivityService,
    sync: SyncService,
    private readonly billing: WebhookBilling,
  ) {
    this.intake = new WebhookIntake(db, clock, connections, sync, billing);
  }

  private adapter(platform: Platform): ChannelAdapter {
    return this.connections.channels[platform].adapter;
  }

  /** eBay's GET challenge (account deletion endpoint verification). */
  challenge(platform: Platform, request: WebhookRequest): WebhookReply {
    const adapter = this.adapter(platform);
    let reply: WebhookReply | null;
    try {
      reply = adapter.webhookChallenge?.(request) ?? null;
    } catch (error) {
      if (error instanceof ValidationError)
        throw new AppError(503, 'The notification endpoint is not configured');
      throw error;
    }
    if (!reply) throw badRequest('challenge_code is required', 'challenge_code');
    return reply;
  }

  /**
   * The job: a Stripe event is billing's; app/uninstalled disconnects the shop's connections (and
   * ends a subscription billed through it); an eBay account deletion erases that user's data;
   * Shopify's app_subscriptions/update is billing's; compliance topics and product events are only
   * recorded (we hold no customer data; stock comes from stock events and reads).
   */
  async process(job: WebhookJob): Promise<void> {
    if (job.provider === 'stripe') {
      await this.billing.applyStripeEvent(job.event as unknown as Stripe.Event);
    } else if (job.account) {
      const rows = await this.connections.byExternalAccount(job.provider, job.account);
      if (job.kind === 'uninstalled') {
        for (const row of rows)
          if (row.status !== 'disconnected')
            await this.connections.markDisconnected(row, null, `${job.topic} from the channel`);
      } else if (job.kind === 'deletion' && job.provider === 'ebay') {
        await eraseEbayAccount(this.db, this.activity, this.connections, job.account, rows);
      }
      await this.billing.onChannelWebhook(job);
    }
    await new WebhookEventsRepository(this.db).markProcessed(
      job.provider,
      job.event_id,
      this.clock.now(),
    );
  }
}
