import {
  AuthError,
  ChannelError,
  withRetry,
  type ChannelAdapter,
  type ChannelCredentials,
} from '@stocksync/channels';
import { importMessages, type RemoteProductsResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import { channelUnavailable, messageOf, type ConnectionsService } from '../connections/service';
import { SyncImports } from '../sync/imported-listings';

/** The channel's catalogue as the import screen browses it, with what we imported already. */
export class RemoteCatalogue {
  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionsService,
  ) {}

  private adapter(platform: Platform): ChannelAdapter {
    return this.connections.channels[platform].adapter;
  }

  /** Credentials for a request made on a user's behalf; channel problems become 4xx/502. */
  private async requestCredentials(connectionId: string): Promise<ChannelCredentials> {
    try {
      return await this.connections.credentials(connectionId);
    } catch (error) {
      if (error instanceof AuthError) throw conflict(importMessages.connectionInactive, 'pc_id');
      throw error;
    }
  }

  /** One page of the remote catalogue with what we already imported. */
  async page(
    organizationId: string,
    query: { pc_id: string; cursor?: string; search?: string },
  ): Promise<RemoteProductsResponse> {
    const connection = await this.connections.row(organizationId, query.pc_id);
    if (connection.status === 'disconnected')
      throw conflict(importMessages.connectionInactive, 'pc_id');
    const credentials = await this.requestCredentials(connection.id);
    const adapter = this.adapter(connection.platform);
    let page;
    try {
      page = await withRetry(
        () =>
          adapter.listCatalogue(credentials, {
            cursor: query.cursor ?? null,
            ...(query.search ? { search: query.search } : {}),
          }),
        { attempts: 3, baseDelayMs: 200 },
      );
    } catch (error) {
      if (error instanceof AuthError) {
        await this.connections.markNeedsReauth(connection.id, messageOf(error));
        throw conflict(importMessages.connectionInactive, 'pc_id');
      }
      if (error instanceof ChannelError && !error.retryable)
        throw new AppError(
          400,
          'The channel refused this page; start from the first page',
          'cursor',
        );
      if (error instanceof ChannelError) throw channelUnavailable(connection.platform);
      throw error;
    }
    // Search is the adapter's (the channel's own filter, or a bounded scan: port/search.ts).
    const items = page.items;
    const ids = items.map((p) => p.externalId);
    const byId = await new SyncImports(this.db).importedProducts(connection.id, ids);
    return {
      products: items.map((p) => {
        const ours = byId.get(p.externalId);
        return {
          external_id: p.externalId,
          title: p.title,
          variants: p.variants.length,
          quantity: p.variants.reduce((sum, v) => sum + v.quantity, 0),
          product_id: ours?.productId ?? null,
          is_synced: ours?.isSynced ?? false,
        };
      }),
      next_cursor: page.nextCursor,
    };
  }
}
