import type { Db } from '../../db/client';

/** Orders' own names on their channel (Shopify "#1003"), recorded with their webhooks. */
export class OrderNamesRepository {
  constructor(private readonly db: Db) {}

  async nameOf(connectionId: string, orderId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('channel_order_names')
      .select('name')
      .where('connection_id', '=', connectionId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row?.name ?? null;
  }
}
