import {
  platforms,
  sandboxMessages,
  type SandboxModeResponse,
  type SandboxChangeResponse,
  type SandboxListing,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { conflict, notFound, notFoundIn } from '../../lib/errors';
import type { Channels } from './channels';
import { postEmulatorChange } from './sandbox-emulator-client';
import { SandboxRepository, type SandboxListingRow } from './sandbox-repository';
import type { ConnectionsService } from './service';

type FindConnection = Pick<ConnectionsService, 'row'>;

function listingTitle(row: SandboxListingRow): string {
  return row.variant_count > 1 ? `${row.product_title} · ${row.variant_title}` : row.product_title;
}

/**
 * "Simulate a sale" and "Change stock on the channel" for sandbox accounts (issue 20 item 19).
 * They exist only for a connection to an in-process emulator: anything else is 404, as if the
 * routes were not there. The change is made in the emulator, never in our database, so it reaches
 * stocksync exactly like a real channel event (webhook, notification or poll).
 */
export class SandboxControlService {
  constructor(
    private readonly db: Db,
    private readonly connections: FindConnection,
    private readonly channels: Channels | null,
  ) {}

  /** The organisation's sandbox connection and its emulator's URL, else 404. */
  private async sandboxConnection(organizationId: string, connectionId: string) {
    const row = await this.connections.row(organizationId, connectionId);
    const emulatorUrl = this.channels?.[row.platform].emulatorUrl;
    if (!row.sandbox || !emulatorUrl) throw notFound();
    if (row.status === 'disconnected')
      throw conflict('This sandbox account is disconnected. Reconnect it first.');
    return { row, emulatorUrl };
  }

  /** Which platforms run on emulators, so the web can offer the sandbox store and controls. */
  mode(): SandboxModeResponse {
    const channels = this.channels;
    if (!channels) return { platforms: [], shopify_shop: null };
    return {
      platforms: platforms.filter((platform) => channels[platform].emulatorUrl !== undefined),
      shopify_shop: channels.shopify.sandboxShop ?? null,
    };
  }

  async listings(organizationId: string, connectionId: string): Promise<SandboxListing[]> {
    await this.sandboxConnection(organizationId, connectionId);
    const rows = await new SandboxRepository(this.db).list(organizationId, connectionId);
    return rows.map((row) => ({
      variant_id: row.variant_id,
      product_id: row.product_id,
      title: listingTitle(row),
      sku: row.sku,
      channel_qty: row.channel_qty,
      is_synced: row.is_synced,
    }));
  }

  sale(organizationId: string, connectionId: string, variantId: string, quantity: number) {
    return this.change(organizationId, connectionId, variantId, 'sale', quantity);
  }

  setStock(organizationId: string, connectionId: string, variantId: string, available: number) {
    return this.change(organizationId, connectionId, variantId, 'stock', available);
  }

  private async change(
    organizationId: string,
    connectionId: string,
    variantId: string,
    change: 'sale' | 'stock',
    amount: number,
  ): Promise<SandboxChangeResponse> {
    const { row, emulatorUrl } = await this.sandboxConnection(organizationId, connectionId);
    const listing = await new SandboxRepository(this.db).find(
      organizationId,
      connectionId,
      variantId,
    );
    if (!listing) throw notFoundIn(sandboxMessages.notListed, 'variant_id');
    const answer = await postEmulatorChange(
      emulatorUrl,
      {
        platform: row.platform,
        externalVariantId: listing.external_variant_id,
        shopDomain: row.shop_domain,
      },
      change,
      amount,
    );
    const orderId = answer.orderId ?? answer.id;
    return {
      variant_id: listing.variant_id,
      sku: listing.sku,
      // eBay sends no notification for a stock edit: the periodic stock check finds it.
      arrives_by: row.platform === 'ebay' && change === 'stock' ? 'poll' : 'webhook',
      ...(change === 'sale' && orderId !== undefined ? { order_id: String(orderId) } : {}),
    };
  }
}
