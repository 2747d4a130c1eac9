import type { Db } from '../../db/client';

/** Stripe event ids already applied (processed_webhook_events, provider 'stripe'). */
export class StripeEventsRepository {
  constructor(private readonly db: Db) {}

  /** Records the event; false when it was recorded before (a redelivery). */
  async record(
    event: { id: string; type: string; account: string | null },
    now: Date,
  ): Promise<boolean> {
    const inserted = await this.db
      .insertInto('processed_webhook_events')
      .values({
        provider: 'stripe',
        event_id: event.id,
        topic: event.type,
        account: event.account,
        received_at: now,
        processed_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
