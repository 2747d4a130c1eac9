import type { Db } from '../../db/client';

/** Where a webhook came from: a channel, or Stripe. */
export type WebhookProvider = 'shopify' | 'ebay' | 'tiktok' | 'stripe';

/** A verified webhook as processed_webhook_events records it. */
export interface RecordedEvent {
  provider: WebhookProvider;
  eventId: string;
  topic: string;
  account: string | null;
}

/** processed_webhook_events: each provider's event id once, so a redelivery changes nothing. */
export class WebhookEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records the event; false when it was recorded before. `processedAt`: its processing is done
   * with the recording (sync's flags), else the job that processes it sets it.
   */
  async record(event: RecordedEvent, receivedAt: Date, processedAt: Date | null): Promise<boolean> {
    const inserted = await this.db
      .insertInto('processed_webhook_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        topic: event.topic,
        account: event.account,
        received_at: receivedAt,
        processed_at: processedAt,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async markProcessed(provider: WebhookProvider, eventId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('processed_webhook_events')
      .set({ processed_at: at })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  }

  /** Forgets which account the provider's recorded events were about (ids kept for dedupe). */
  async forgetAccounts(provider: WebhookProvider, accounts: readonly string[]): Promise<void> {
    const distinct = [...new Set(accounts.filter((a) => a.length > 0))];
    if (distinct.length === 0) return;
    await this.db
      .updateTable('processed_webhook_events')
      .set({ account: null })
      .where('provider', '=', provider)
      .where('account', 'in', distinct)
      .execute();
  }
}
