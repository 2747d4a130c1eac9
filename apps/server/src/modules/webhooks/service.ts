import {
  ChannelError,
  ValidationError,
  type ChannelAdapter,
  type ChannelWebhookEvent,
  type WebhookReply,
  type WebhookRequest,
} from '@stocksync/channels';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import { messageOf, type ConnectionsService } from '../connections/service';
import type { ConnectionRow } from '../connections/repository';
import type { SyncService } from '../sync/service';
import { enqueue } from '../../jobs/queue-repository';
import { AccountErasureRepository } from './account-erasure-repository';

export interface WebhookJob {
  provider: Platform;
  event_id: string;
  topic: string;
  kind: ChannelWebhookEvent['kind'];
  account: string | null;
}

/**
 * Incoming channel webhooks: signature over the raw body first (401 and nothing stored otherwise),
 * then the event id is recorded once (processed_webhook_events) with its effect: stock and order
 * events by sync (listings flagged, orders queued), the rest with a webhooks job. Redeliveries of
 * a recorded event are acknowledged and ignored.
 */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly activity: ActivityService,
    private readonly sync: SyncService,
  ) {}

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

  async receive(platform: Platform, request: WebhookRequest): Promise<{ duplicate: boolean }> {
    const adapter = this.adapter(platform);
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
    let event: ChannelWebhookEvent;
    try {
      event = adapter.parseWebhook(request);
    } catch (error) {
      throw badRequest(`Unreadable notification: ${messageOf(error)}`, 'body');
    }
    // The accounts it is about, active ones only (sync plans by reads, outside any transaction).
    const connectionIds = event.account
      ? (await this.connections.byExternalAccount(platform, event.account))
          .filter((row) => row.status === 'active')
          .map((row) => row.id)
      : [];
    // Stock and order events are taken by sync (recorded with their effect in one statement).
    const taken = await this.sync.takeWebhook(platform, event, connectionIds);
    if (taken !== null) return { duplicate: taken === 'duplicate' };
    // The rest (uninstalls, account deletions, compliance topics) is recorded once and handed to
    // the webhooks job in the same transaction.
    const job: WebhookJob = {
      provider: platform,
      event_id: event.eventId,
      topic: event.topic,
      kind: event.kind,
      account: event.account ?? null,
    };
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('processed_webhook_events')
        .values({
          provider: platform,
          event_id: event.eventId,
          topic: event.topic,
          account: event.account ?? null,
          received_at: this.clock.now(),
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { duplicate: true };
      await enqueue(trx, { name: 'webhooks_process', payload: job, options: { maxAttempts: 10 } });
      return { duplicate: false };
    });
  }

  /**
   * The job: app/uninstalled disconnects the shop's connections; an eBay account deletion erases
   * that user's data (eraseEbayAccount); compliance topics are recorded (we hold no customer data).
   * Stock and order events never get here (receive hands them to sync).
   */
  async process(job: WebhookJob): Promise<void> {
    if (job.account) {
      const rows = await this.connections.byExternalAccount(job.provider, job.account);
      if (job.kind === 'uninstalled') {
        for (const row of rows)
          if (row.status !== 'disconnected')
            await this.connections.markDisconnected(row, null, `${job.topic} from the channel`);
      } else if (job.kind === 'deletion' && job.provider === 'ebay') {
        await this.eraseEbayAccount(job.account, rows);
      }
    }
    await this.db
      .updateTable('processed_webhook_events')
      .set({ processed_at: this.clock.now() })
      .where('provider', '=', job.provider)
      .where('event_id', '=', job.event_id)
      .execute();
  }

  /**
   * eBay marketplace account deletion (docs/decisions/0034): each connection of that eBay user is
   * deleted (tokens, username, ebay_id, listings; our products and the inventory ledger stay, the
   * ledger keeping the connection id as an opaque id), the account's names are replaced in the
   * activity log, and the recorded events forget the account, all in one transaction.
   */
  private async eraseEbayAccount(account: string, rows: ConnectionRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const erasure = new AccountErasureRepository(trx);
      for (const row of rows) {
        await erasure.deleteConnection(row.id);
        await erasure.scrubActivity(
          row.organization_id,
          PLATFORM_NAMES.ebay,
          [row.alias, row.username ?? ''],
          '(deleted account)',
        );
        await this.activity.record(
          {
            organizationId: row.organization_id,
            userId: null,
            activity: 'eBay account data deleted',
            note: 'eBay asked us to delete a closed account (marketplace account deletion); its connection and listings were removed, its stock history kept',
            status: 'info',
          },
          trx,
        );
      }
      await erasure.forgetEventAccounts('ebay', [
        account,
        ...rows.flatMap((row) => [row.external_account_id ?? '', row.username ?? '']),
      ]);
    });
  }
}
