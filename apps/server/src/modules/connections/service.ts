import { sql } from 'kysely';
import {
  AuthError,
  ChannelError,
  ValidationError,
  type ChannelCredentials,
} from '@stocksync/channels';
import {
  connectionMessages,
  type ConnectedResponse,
  type MarketplaceAccount,
  type PlatformConnection,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { decrypt, encrypt, hmac, randomToken, type Keys } from '../../lib/crypto';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { Channels } from './channels';
import { ConnectionsRepository, type ConnectionRow } from './repository';

/** How long a consent round trip may take. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Access tokens expiring within this window are refreshed by the cron job. */
export const REFRESH_HORIZON_MS = 30 * 60_000;
/** Access tokens expiring within this window are refreshed before a call uses them. */
const USE_MARGIN_MS = 60_000;

export const channelUnavailable = (platform: Platform) =>
  new AppError(502, `${PLATFORM_NAMES[platform]} did not answer. Please try again.`);

/** Connected channel accounts: OAuth, encrypted tokens, refresh, aliases and disconnects. */
export class ConnectionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly keys: Pick<Keys, 'encryption' | 'hmac'>,
    private readonly channelSet: Channels | null,
    private readonly activity: ActivityService,
    private readonly appUrl: string,
  ) {}

  /** The adapters; 503 when the app was built without any (no credentials and no emulators). */
  get channels(): Channels {
    if (!this.channelSet) throw new AppError(503, 'Sales channels are not configured');
    return this.channelSet;
  }

  private repo(db: Db = this.db) {
    return new ConnectionsRepository(db);
  }

  async list(organizationId: string): Promise<PlatformConnection[]> {
    const rows = await this.repo().list(organizationId);
    return rows.map(toPlatformConnection);
  }

  async byAlias(
    organizationId: string,
    platform: Platform,
    alias: string,
  ): Promise<MarketplaceAccount> {
    const row = await this.repo().findByAlias(organizationId, platform, alias);
    if (!row) throw notFound();
    return toAccount(row);
  }

  async byId(organizationId: string, id: string, platform?: Platform): Promise<MarketplaceAccount> {
    return toAccount(await this.row(organizationId, id, platform));
  }

  /** The connection row of this organisation, else 404. */
  async row(organizationId: string, id: string, platform?: Platform): Promise<ConnectionRow> {
    const row = await this.repo().findById(id);
    if (!row || row.organization_id !== organizationId) throw notFound();
    if (platform && row.platform !== platform) throw notFound();
    return row;
  }

  // ---------------------------------------------------------------------------------- OAuth

  private async newState(
    platform: Platform,
    userId: string,
    organizationId: string,
    shop: string | null = null,
  ): Promise<string> {
    const state = randomToken(24);
    const now = this.clock.now();
    await this.db
      .insertInto('oauth_states')
      .values({
        state_hash: hmac(`oauth-state:${state}`, this.keys.hmac),
        platform,
        user_id: userId,
        organization_id: organizationId,
        shop,
        expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        created_at: now,
      })
      .execute();
    // Old states are useless; keep the table small.
    await this.db
      .deleteFrom('oauth_states')
      .where('expires_at', '<', new Date(now.getTime() - OAUTH_STATE_TTL_MS))
      .execute();
    return state;
  }

  /** Marks the state used (once), checks it belongs to this user and platform, still a member. */
  private async consumeState(
    platform: Platform,
    userId: string,
    state: string | undefined,
  ): Promise<{ organizationId: string; shop: string | null }> {
    if (!state) throw badRequest(connectionMessages.stateInvalid, 'state');
    const now = this.clock.now();
    const row = await this.db
      .updateTable('oauth_states')
      .set({ consumed_at: now })
      .where('state_hash', '=', hmac(`oauth-state:${state}`, this.keys.hmac))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('platform', '=', platform)
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .whereRef('m.organization_id', '=', 'oauth_states.organization_id')
            .where('m.user_id', '=', userId),
        ),
      )
      .returning(['organization_id', 'shop'])
      .executeTakeFirst();
    if (!row) throw badRequest(connectionMessages.stateInvalid, 'state');
    return { organizationId: row.organization_id, shop: row.shop };
  }

  async shopifyAuthorizeUrl(organizationId: string, userId: string, shop: string) {
    const state = await this.newState('shopify', userId, organizationId, shop);
    return this.channels.shopify.adapter.authoriseUrl({ state, shop });
  }

  /** A merchant's install from the Shopify side: where to send the browser (our confirm screen). */
  shopifyInstallRedirect(query: Record<string, string>): string {
    if (!query.shop || !query.hmac) throw badRequest(connectionMessages.installInvalid, 'hmac');
    if (!this.channels.shopify.adapter.verifyInstallRequest(query)) throw unauthorized();
    return `${this.appUrl}/auth/shopify/?shop=${encodeURIComponent(query.shop)}`;
  }

  async ebayAuthorizeUrl(organizationId: string, userId: string) {
    const state = await this.newState('ebay', userId, organizationId);
    return this.channels.ebay.adapter.authoriseUrl({ state });
  }

  async tiktokAuthorizeUrl(organizationId: string, userId: string) {
    const state = await this.newState('tiktok', userId, organizationId);
    return this.channels.tiktok.adapter.authoriseUrl({ state });
  }

  async completeShopify(userId: string, query: Record<string, string>): Promise<ConnectedResponse> {
    if (query.error) throw badRequest(connectionMessages.declined, 'error');
    const { organizationId, shop } = await this.consumeState('shopify', userId, query.state);
    if (shop && query.shop && query.shop.toLowerCase() !== shop)
      throw badRequest(connectionMessages.stateInvalid, 'shop');
    const { adapter, sandbox } = this.channels.shopify;
    const credentials = await this.exchange('shopify', () =>
      adapter.exchangeCode({ query, expectedState: query.state ?? '' }),
    );
    const shopDomain = credentials.shop ?? query.shop ?? '';
    const connected = await this.store({
      organizationId,
      userId,
      platform: 'shopify',
      sandbox,
      credentials,
      externalAccountId: shopDomain,
      aliasBase: shopDomain.replace(/\.myshopify\.com$/, ''),
      fields: { shop_domain: shopDomain, username: shopDomain },
    });
    await this.subscribe(
      { organizationId, userId },
      `Shopify webhooks for ${connected.alias}`,
      'Could not register webhooks',
      () => adapter.registerWebhooks(credentials, this.channels.webhookUrls.shopify),
    );
    return connected;
  }

  async completeEbay(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId } = await this.consumeState('ebay', userId, body.state);
    const { adapter, sandbox } = this.channels.ebay;
    const credentials = await this.exchange('ebay', () =>
      adapter.exchangeCode({ query: body, expectedState: body.state }),
    );
    const username = credentials.accountName ?? credentials.accountId ?? 'ebay';
    const connected = await this.store({
      organizationId,
      userId,
      platform: 'ebay',
      sandbox,
      credentials,
      externalAccountId: credentials.accountId ?? username,
      aliasBase: username,
      fields: {
        username,
        ebay_id: credentials.accountId ?? null,
        marketplace_id: adapter.config.marketplaceId,
      },
    });
    // Sales pushed by eBay (ORDER_CONFIRMATION); without them they are still found by polling.
    await this.subscribe(
      { organizationId, userId },
      `eBay notifications for ${connected.alias}`,
      'Could not subscribe to sale notifications',
      () => adapter.registerWebhooks(credentials, this.channels.webhookUrls.ebayDeletion),
    );
    return connected;
  }

  async completeTiktok(
    userId: string,
    body: { code: string; state: string },
  ): Promise<ConnectedResponse> {
    const { organizationId } = await this.consumeState('tiktok', userId, body.state);
    const { adapter, sandbox } = this.channels.tiktok;
    const query = { [adapter.config.codeParam]: body.code, state: body.state };
    const credentials = await this.exchange('tiktok', () =>
      adapter.exchangeCode({ query, expectedState: body.state }),
    );
    const shopId = credentials.shopId ?? credentials.accountId ?? '';
    const connected = await this.store({
      organizationId,
      userId,
      platform: 'tiktok',
      sandbox,
      credentials,
      externalAccountId: shopId,
      aliasBase: credentials.accountName ?? shopId,
      fields: {
        username: credentials.accountName ?? null,
        tiktok_shop_id: shopId,
        tiktok_shop_cipher: credentials.shopCipher ?? null,
      },
    });
    await this.subscribe(
      { organizationId, userId },
      `TikTok Shop webhooks for ${connected.alias}`,
      'Could not register webhooks',
      () => adapter.registerWebhooks(credentials, this.channels.webhookUrls.tiktok),
    );
    return connected;
  }

  /**
   * Webhooks after a connect (and reconnect); a failure is recorded as an error activity, not
   * fatal: the connection works without them.
   */
  private async subscribe(
    who: { organizationId: string; userId: string },
    activity: string,
    failure: string,
    register: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await register();
    } catch (error) {
      await this.activity.record({
        ...who,
        activity,
        note: `${failure}: ${messageOf(error)}`,
        status: 'error',
      });
    }
  }

  private async exchange(
    platform: Platform,
    fn: () => Promise<ChannelCredentials>,
  ): Promise<ChannelCredentials> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ValidationError || error instanceof AuthError)
        throw badRequest(connectionMessages.exchangeFailed, 'code');
      if (error instanceof ChannelError) throw channelUnavailable(platform);
      throw error;
    }
  }

  private tokenColumns(credentials: ChannelCredentials) {
    return {
      access_token_enc: encrypt(credentials.accessToken, this.keys.encryption),
      refresh_token_enc: credentials.refreshToken
        ? encrypt(credentials.refreshToken, this.keys.encryption)
        : null,
      access_token_expires_at: credentials.expiresAt ? new Date(credentials.expiresAt) : null,
      refresh_token_expiry: credentials.refreshTokenExpiresAt
        ? new Date(credentials.refreshTokenExpiresAt)
        : null,
      scopes: credentials.scopes ?? [],
    };
  }

  /** Creates the connection, or brings back this organisation's existing one for the account. */
  private async store(input: {
    organizationId: string;
    userId: string;
    platform: Platform;
    sandbox: boolean;
    credentials: ChannelCredentials;
    externalAccountId: string;
    aliasBase: string;
    fields: Partial<
      Pick<
        ConnectionRow,
        | 'username'
        | 'ebay_id'
        | 'marketplace_id'
        | 'shop_domain'
        | 'tiktok_shop_id'
        | 'tiktok_shop_cipher'
      >
    >;
  }): Promise<ConnectedResponse> {
    const now = this.clock.now();
    const values = {
      ...this.tokenColumns(input.credentials),
      ...input.fields,
      sandbox: input.sandbox,
      status: 'active' as const,
      disconnected_at: null,
      last_error: null,
      updated_at: now,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.db.transaction().execute(async (trx) => {
          const repo = this.repo(trx);
          const existing = await repo.findByAccount(
            input.organizationId,
            input.platform,
            input.externalAccountId,
          );
          let id: string;
          let alias: string;
          let reconnected = false;
          if (existing) {
            await trx
              .updateTable('platform_connections')
              .set(values)
              .where('id', '=', existing.id)
              .execute();
            id = existing.id;
            alias = existing.alias;
            reconnected = true;
            if (existing.status === 'disconnected') await repo.refreshAggregates(id);
          } else {
            alias = await repo.freeAlias(input.organizationId, input.platform, input.aliasBase);
            const inserted = await trx
              .insertInto('platform_connections')
              .values({
                ...values,
                organization_id: input.organizationId,
                platform: input.platform,
                alias,
                external_account_id: input.externalAccountId,
                created_by: input.userId,
                created_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            id = inserted.id;
          }
          await this.activity.record(
            {
              organizationId: input.organizationId,
              userId: input.userId,
              activity: `${reconnected ? 'Reconnected' : 'Connected'} ${PLATFORM_NAMES[input.platform]} account ${alias}`,
              note: input.sandbox ? 'Sandbox account (local emulator)' : '',
              status: 'success',
            },
            trx,
          );
          return { id, alias };
        });
        return {
          platform_connection_id: row.id,
          alias: row.alias,
          organization_id: input.organizationId,
        };
      } catch (error) {
        // Two connects racing for the same alias or account: the loser tries again.
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  // ---------------------------------------------------------------------------------- sync

  /**
   * Turns stock sync for one connection on or off (whichever it is not), with an activity entry in
   * the same transaction. 404 naming pc_id when the organisation has no such connection, 409 when
   * it is disconnected.
   */
  async toggleSync(
    organizationId: string,
    id: string,
    userId: string | null,
  ): Promise<PlatformConnection> {
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const updated = await repo.toggleSync(organizationId, id, this.clock.now());
      if (!updated) {
        const existing = await repo.findInOrganization(organizationId, id);
        if (!existing) throw new AppError(404, connectionMessages.connectionNotFound, 'pc_id');
        throw conflict(connectionMessages.syncDisconnected, 'pc_id');
      }
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: `Sync turned ${updated.sync_enabled ? 'on' : 'off'} for ${PLATFORM_NAMES[updated.platform]} ${updated.alias}`,
          note: '',
          status: 'success',
        },
        trx,
      );
      return updated;
    });
    return toPlatformConnection(row);
  }

  // ---------------------------------------------------------------------------- disconnect

  /** Status disconnected and tokens wiped; listings kept (a reconnect relinks them), not counted. */
  async disconnect(organizationId: string, id: string, userId: string | null): Promise<void> {
    const row = await this.row(organizationId, id);
    await this.markDisconnected(row, userId, 'Disconnected by a user');
  }

  async markDisconnected(row: ConnectionRow, userId: string | null, note: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('platform_connections')
        .set({
          status: 'disconnected',
          access_token_enc: null,
          refresh_token_enc: null,
          access_token_expires_at: null,
          disconnected_at: this.clock.now(),
          updated_at: this.clock.now(),
        })
        .where('id', '=', row.id)
        .execute();
      await this.repo(trx).refreshAggregates(row.id);
      await this.activity.record(
        {
          organizationId: row.organization_id,
          userId,
          activity: `Disconnected ${PLATFORM_NAMES[row.platform]} account ${row.alias}`,
          note,
          status: 'info',
        },
        trx,
      );
    });
  }

  // ------------------------------------------------------------------------------- tokens

  /** Decrypted credentials of an active connection, refreshed first when about to expire. */
  async credentials(connectionId: string): Promise<ChannelCredentials> {
    return (await this.withCredentials(connectionId)).credentials;
  }

  /** The connection's row and its usable credentials (refreshed first if about to expire). */
  async withCredentials(
    connectionId: string,
  ): Promise<{ row: ConnectionRow; credentials: ChannelCredentials }> {
    let row = await this.repo().findById(connectionId);
    if (!row) throw notFound();
    // A connection that is not active is never refreshed (or used).
    if (row.status !== 'active') throw new AuthError(`connection ${row.alias} is ${row.status}`);
    if (
      row.access_token_expires_at &&
      row.access_token_expires_at.getTime() < this.clock.now().getTime() + USE_MARGIN_MS
    ) {
      await this.refreshOne(connectionId);
      row = (await this.repo().findById(connectionId)) ?? row;
    }
    if (row.status !== 'active' || !row.access_token_enc)
      throw new AuthError(`connection ${row.alias} is ${row.status}`);
    return { row, credentials: this.decode(row) };
  }

  private decode(row: ConnectionRow): ChannelCredentials {
    if (!row.access_token_enc) throw new AuthError(`connection ${row.alias} has no token`);
    return {
      accessToken: decrypt(row.access_token_enc, this.keys.encryption),
      ...(row.refresh_token_enc
        ? { refreshToken: decrypt(row.refresh_token_enc, this.keys.encryption) }
        : {}),
      ...(row.access_token_expires_at ? { expiresAt: row.access_token_expires_at.getTime() } : {}),
      ...(row.refresh_token_expiry
        ? { refreshTokenExpiresAt: row.refresh_token_expiry.getTime() }
        : {}),
      scopes: row.scopes,
      ...(row.shop_domain ? { shop: row.shop_domain } : {}),
      ...(row.tiktok_shop_cipher ? { shopCipher: row.tiktok_shop_cipher } : {}),
      ...(row.tiktok_shop_id ? { shopId: row.tiktok_shop_id } : {}),
      ...(row.external_account_id ? { accountId: row.external_account_id } : {}),
      ...(row.username ? { accountName: row.username } : {}),
    };
  }

  /** Active connections whose access token expires within the horizon. */
  async dueForRefresh(horizonMs = REFRESH_HORIZON_MS): Promise<string[]> {
    const rows = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('status', '=', 'active')
      .where('access_token_expires_at', '<', new Date(this.clock.now().getTime() + horizonMs))
      .where('refresh_token_enc', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Refreshes one connection under a row lock (so two workers never both spend a rotating refresh
   * token). AuthError → needs_reauth plus an activity entry; other errors are rethrown for retry.
   * Answers the outcome.
   */
  async refreshOne(
    connectionId: string,
    options: { force?: boolean } = {},
  ): Promise<'refreshed' | 'skipped' | 'needs_reauth'> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('platform_connections')
        .selectAll()
        .where('id', '=', connectionId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.status !== 'active' || !row.refresh_token_enc) return 'skipped';
      if (
        !options.force &&
        row.access_token_expires_at &&
        row.access_token_expires_at.getTime() > this.clock.now().getTime() + REFRESH_HORIZON_MS
      )
        return 'skipped'; // someone else just refreshed it
      const adapter = this.channels[row.platform].adapter;
      try {
        const fresh = await adapter.refresh(this.decode(row));
        const columns = this.tokenColumns(fresh);
        await trx
          .updateTable('platform_connections')
          .set({
            ...columns,
            // eBay keeps its refresh token: keep the stored one when none came back.
            refresh_token_enc: columns.refresh_token_enc ?? row.refresh_token_enc,
            refresh_token_expiry: columns.refresh_token_expiry ?? row.refresh_token_expiry,
            last_error: null,
            updated_at: this.clock.now(),
          })
          .where('id', '=', row.id)
          .execute();
        return 'refreshed';
      } catch (error) {
        if (error instanceof AuthError) {
          await trx
            .updateTable('platform_connections')
            .set({
              status: 'needs_reauth',
              last_error: messageOf(error),
              updated_at: this.clock.now(),
            })
            .where('id', '=', row.id)
            .execute();
          await this.activity.record(
            {
              organizationId: row.organization_id,
              userId: null,
              activity: `${PLATFORM_NAMES[row.platform]} account ${row.alias} needs reconnecting`,
              note: `Token refresh refused: ${messageOf(error)}`,
              status: 'error',
            },
            trx,
          );
          return 'needs_reauth';
        }
        throw error;
      }
    });
  }

  /** Marks a connection needs_reauth after a call was refused (AuthError) outside a refresh. */
  async markNeedsReauth(connectionId: string, reason: string): Promise<void> {
    const row = await this.repo().findById(connectionId);
    if (!row || row.status !== 'active') return;
    await this.db
      .updateTable('platform_connections')
      .set({ status: 'needs_reauth', last_error: reason, updated_at: this.clock.now() })
      .where('id', '=', connectionId)
      .execute();
    await this.activity.record({
      organizationId: row.organization_id,
      userId: null,
      activity: `${PLATFORM_NAMES[row.platform]} account ${row.alias} needs reconnecting`,
      note: reason,
      status: 'error',
    });
  }

  /** Accounts that count against the plan: every one not disconnected. */
  countedAccounts(organizationId: string): Promise<number> {
    return this.repo().countedAccounts(organizationId);
  }

  /** Whether the organisation has this account connected (connecting it again adds nothing). */
  hasAccount(organizationId: string, platform: Platform, account: string): Promise<boolean> {
    return this.repo().hasAccount(organizationId, platform, account);
  }

  /** Whether an account of this platform waits for re-authorisation (a reconnect, not a new one). */
  hasReauthPending(organizationId: string, platform: Platform): Promise<boolean> {
    return this.repo().hasReauthPending(organizationId, platform);
  }

  /** The organisation's Shopify connections, active first, newest first. */
  shopifyConnections(organizationId: string): Promise<ConnectionRow[]> {
    return this.repo().shopifyConnections(organizationId);
  }

  /** Connections of an account on a platform in every organisation (webhooks name the account). */
  async byExternalAccount(platform: Platform, account: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('platform', '=', platform)
      .where(sql<string>`lower(external_account_id)`, '=', account.toLowerCase())
      .execute();
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
  );
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toPlatformConnection(row: ConnectionRow): PlatformConnection {
  return {
    id: row.id,
    platform: row.platform,
    alias: row.alias,
    status: row.status,
    sync_enabled: row.sync_enabled,
    sandbox: row.sandbox,
    username: row.username,
    shop_domain: row.shop_domain,
    marketplace_id: row.marketplace_id,
    refresh_token_expiry: iso(row.refresh_token_expiry),
    created_at: row.created_at.toISOString(),
  };
}

function toAccount(row: ConnectionRow): MarketplaceAccount {
  return {
    id: row.id,
    alias: row.alias,
    username: row.username,
    ebay_id: row.ebay_id,
    marketplace_id: row.marketplace_id,
    refresh_token_expiry: iso(row.refresh_token_expiry),
    platform_connection_id: row.id,
    status: row.status,
    sandbox: row.sandbox,
    shop_domain: row.shop_domain,
  };
}
