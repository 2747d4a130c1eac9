import {
  AuthError,
  ChannelError,
  withRetry,
  type ChannelAdapter,
  type ChannelCredentials,
  type ChannelProduct,
} from '@stocksync/channels';
import { importMessages, type RemoteProductsResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import { channelUnavailable, messageOf, type ConnectionsService } from '../connections/service';
import type { ConnectionRow } from '../connections/repository';
import { SyncImports } from '../sync/imported-listings';
import { fetchCatalogue } from './remote-fetch';

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

  /** A channel call made on a user's behalf: its problems become 409 (reconnect), 400 or 502. */
  private async onBehalf<T>(
    connection: ConnectionRow,
    call: () => Promise<T>,
    refused: () => Error = () => channelUnavailable(connection.platform),
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AuthError) {
        await this.connections.markNeedsReauth(connection.id, messageOf(error));
        throw conflict(importMessages.connectionInactive, 'pc_id');
      }
      if (error instanceof ChannelError && !error.retryable) throw refused();
      if (error instanceof ChannelError) throw channelUnavailable(connection.platform);
      throw error;
    }
  }

  /**
   * The products an import of `wanted` (null: everything) would read, fetched as the import job
   * fetches them, for a dry run; answers them with the wanted ids the channel does not have.
   */
  async products(
    connection: ConnectionRow,
    wanted: ReadonlySet<string> | null,
  ): Promise<{ products: ChannelProduct[]; gone: string[] }> {
    const credentials = await this.requestCredentials(connection.id);
    const products: ChannelProduct[] = [];
    const gone = await this.onBehalf(connection, () =>
      fetchCatalogue(
        this.adapter(connection.platform),
        async () => credentials,
        wanted,
        (fn) => withRetry(fn, { attempts: 3, baseDelayMs: 200 }),
        { total: async () => {}, items: async (items) => void products.push(...items) },
      ),
    );
    return { products, gone };
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
    const page = await this.onBehalf(
      connection,
      () =>
        withRetry(
          () =>
            adapter.listCatalogue(credentials, {
              cursor: query.cursor ?? null,
              ...(query.search ? { search: query.search } : {}),
            }),
          { attempts: 3, baseDelayMs: 200 },
        ),
      () => new AppError(400, 'The channel refused this page; start from the first page', 'cursor'),
    );
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
