import type { ChannelCredentials } from '@stocksync/channels';
import type { MarketplaceAccount, PlatformConnection } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { OrganizationsService } from '../organizations/service';
import { AccountStore } from './account-store';
import type { Channels } from './channels';
import type { ConnectionsContext } from './context';
import { EbayConnect } from './ebay-connect';
import { OAuthStates } from './oauth-states';
import { PlanUsageRepository } from './plan-usage-repository';
import { ConnectionSelectionsRepository } from './connection-selections-repository';
import { ConnectionsRepository, type ConnectionRow } from './repository';
import { ShopifyConnect } from './shopify-connect';
import { ConnectionStatus } from './status';
import { StatusRepository } from './status-repository';
import { TiktokConnect } from './tiktok-connect';
import { ConnectionTokens } from './tokens';
import { toAccount, toPlatformConnection } from './views';

export { channelUnavailable, messageOf } from './context';

/**
 * Connected channel accounts: the one module that writes platform_connections. Connecting is per
 * platform (shopify, ebay, tiktok), tokens, status and reads are their own parts; other modules
 * call the methods here.
 */
export class ConnectionsService {
  readonly shopify: ShopifyConnect;
  readonly ebay: EbayConnect;
  readonly tiktok: TiktokConnect;
  private readonly states: OAuthStates;
  private readonly tokens: ConnectionTokens;
  private readonly status: ConnectionStatus;

  constructor(
    private readonly db: Db,
    clock: Clock,
    keys: Pick<Keys, 'encryption' | 'hmac'>,
    private readonly channelSet: Channels | null,
    activity: ActivityService,
    appUrl: string,
    organizations: Pick<OrganizationsService, 'findForMember'>,
  ) {
    const c: ConnectionsContext = { db, clock, keys, channels: () => this.channels, activity };
    const states = new OAuthStates(c, organizations);
    this.states = states;
    const accounts = new AccountStore(c, states);
    this.shopify = new ShopifyConnect(c, states, accounts, appUrl);
    this.ebay = new EbayConnect(accounts);
    this.tiktok = new TiktokConnect(accounts);
    this.tokens = new ConnectionTokens(c);
    this.status = new ConnectionStatus(c);
  }

  /** The adapters; 503 when the app was built without any (no credentials and no emulators). */
  get channels(): Channels {
    if (!this.channelSet) throw new AppError(503, 'Sales channels are not configured');
    return this.channelSet;
  }

  private repo(): ConnectionsRepository {
    return new ConnectionsRepository(this.db);
  }

  /** The platform's consent screen for connecting an account (Shopify: of this shop). */
  authorizeUrl(platform: Platform, organizationId: string, userId: string, shop?: string) {
    return this.states.consentUrl(platform, userId, organizationId, shop);
  }

  // ---------------------------------------------------------------------------- reads

  async list(organizationId: string): Promise<PlatformConnection[]> {
    return (await this.repo().list(organizationId)).map(toPlatformConnection);
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

  /** Any organisation's connection (the jobs know it only by id). */
  find(id: string): Promise<ConnectionRow | undefined> {
    return this.repo().findById(id);
  }

  /** Connections of an account on a platform in every organisation (webhooks name the account). */
  byExternalAccount(platform: Platform, account: string): Promise<ConnectionRow[]> {
    return new ConnectionSelectionsRepository(this.db).byExternalAccount(platform, account);
  }

  /** Active connections of an organisation (or every one), of a platform (or every platform). */
  activeIds(organizationId?: string, platform?: Platform): Promise<string[]> {
    return new ConnectionSelectionsRepository(this.db).activeIds(organizationId, platform);
  }

  /** The organisation's Shopify connections, active first, newest first. */
  shopifyConnections(organizationId: string): Promise<ConnectionRow[]> {
    return new ConnectionSelectionsRepository(this.db).shopifyConnections(organizationId);
  }

  // ------------------------------------------------------------------------ plan usage

  /** Accounts that count against the plan: every one not disconnected. */
  countedAccounts(organizationId: string): Promise<number> {
    return new PlanUsageRepository(this.db).countedAccounts(organizationId);
  }

  /** Whether the organisation has this account connected (connecting it again adds nothing). */
  hasAccount(organizationId: string, platform: Platform, account: string): Promise<boolean> {
    return new PlanUsageRepository(this.db).hasAccount(organizationId, platform, account);
  }

  /** Whether an account of this platform waits for re-authorisation (a reconnect, not a new one). */
  hasReauthPending(organizationId: string, platform: Platform): Promise<boolean> {
    return new PlanUsageRepository(this.db).hasReauthPending(organizationId, platform);
  }

  // ---------------------------------------------------------------------------- status

  toggleSync(organizationId: string, id: string, userId: string | null) {
    return this.status.toggleSync(organizationId, id, userId);
  }

  async disconnect(organizationId: string, id: string, userId: string | null): Promise<void> {
    const row = await this.row(organizationId, id);
    await this.status.markDisconnected(row, userId, 'Disconnected by a user');
  }

  markDisconnected(row: ConnectionRow, userId: string | null, note: string): Promise<void> {
    return this.status.markDisconnected(row, userId, note);
  }

  /** Deletes the connection (an account erasure), in the caller's transaction when given. */
  erase(connectionId: string, db: Db = this.db): Promise<void> {
    return new StatusRepository(db).delete(connectionId);
  }

  /** When eBay's orders were last read (the next poll reads from there). */
  setOrdersPolledAt(connectionId: string, at: Date): Promise<void> {
    return new StatusRepository(this.db).setOrdersPolledAt(connectionId, at);
  }

  /** When the stock on the channel was last compared with ours. */
  setReconciledAt(connectionId: string, at: Date): Promise<void> {
    return new StatusRepository(this.db).setReconciledAt(connectionId, at);
  }

  /** How far (by the channel's own time) the incremental stock check has read its changes. */
  setChangesSeenAt(connectionId: string, at: Date): Promise<void> {
    return new StatusRepository(this.db).setChangesSeenAt(connectionId, at);
  }

  // ---------------------------------------------------------------------------- tokens

  /** Decrypted credentials of an active connection, refreshed first when about to expire. */
  async credentials(connectionId: string): Promise<ChannelCredentials> {
    return (await this.tokens.withCredentials(connectionId)).credentials;
  }

  withCredentials(connectionId: string) {
    return this.tokens.withCredentials(connectionId);
  }

  dueForRefresh(horizonMs?: number): Promise<string[]> {
    return this.tokens.dueForRefresh(horizonMs);
  }

  refreshOne(connectionId: string, options: { force?: boolean } = {}) {
    return this.tokens.refreshOne(connectionId, options);
  }

  markNeedsReauth(connectionId: string, reason: string): Promise<void> {
    return this.tokens.markNeedsReauth(connectionId, reason);
  }
}
