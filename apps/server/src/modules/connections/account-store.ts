import {
  AuthError,
  ChannelError,
  ValidationError,
  type ChannelCredentials,
} from '@stocksync/channels';
import { connectionMessages, type ConnectedResponse } from '@stocksync/contract';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import { badRequest } from '../../lib/errors';
import type { Channels } from './channels';
import { ConnectRepository } from './connect-repository';
import { channelUnavailable, messageOf, type ConnectionsContext } from './context';
import type { OAuthStates } from './oauth-states';
import type { ConnectionRow } from './repository';
import { StatusRepository } from './status-repository';
import { tokenColumns } from './token-codec';

/** An account a platform's consent screen granted, as stored on its connection. */
export interface GrantedAccount {
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
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
  );
}

/** What a consent callback granted: whose account it is, and the platform's credentials for it. */
export interface Grant<P extends CodePlatform> {
  organizationId: string;
  credentials: ChannelCredentials;
  channel: Channels[P];
  webhookUrls: Channels['webhookUrls'];
}

/** Platforms whose consent callback brings back only a code and our state. */
type CodePlatform = 'ebay' | 'tiktok';

/** The steps every platform's connect shares: code exchange, storing the account, webhooks. */
export class AccountStore {
  constructor(
    private readonly c: ConnectionsContext,
    private readonly states: OAuthStates,
  ) {}

  /**
   * The start of a consent callback that brings back a code (eBay, TikTok Shop): the state used up
   * (it names the organisation), then the code exchanged for the account's credentials. `query` is
   * the callback as the platform's adapter reads it.
   */
  async grant<P extends CodePlatform>(
    platform: P,
    userId: string,
    body: { code: string; state: string },
    query: (channel: Channels[P]) => Record<string, string>,
  ): Promise<Grant<P>> {
    const { organizationId } = await this.states.consume(platform, userId, body.state);
    const channels = this.c.channels();
    const channel = channels[platform];
    const credentials = await this.exchange(platform, () =>
      channel.adapter.exchangeCode({ query: query(channel), expectedState: body.state }),
    );
    return { organizationId, credentials, channel, webhookUrls: channels.webhookUrls };
  }

  /** The adapter's code exchange, its refusals answered 400 naming `code`, outages 502. */
  async exchange(
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

  /** Creates the connection, or brings back this organisation's existing one for the account. */
  async store(input: GrantedAccount): Promise<ConnectedResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.c.db.transaction().execute((trx) => this.upsert(trx, input));
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

  private async upsert(trx: ConnectionsContext['db'], input: GrantedAccount) {
    const now = this.c.clock.now();
    const values = {
      ...tokenColumns(input.credentials, this.c.keys.encryption),
      ...input.fields,
      sandbox: input.sandbox,
      status: 'active' as const,
      disconnected_at: null,
      last_error: null,
      updated_at: now,
    };
    const repo = new ConnectRepository(trx);
    const existing = await repo.lockAccount(
      input.organizationId,
      input.platform,
      input.externalAccountId,
    );
    let id: string;
    let alias: string;
    if (existing) {
      await repo.update(existing.id, values);
      ({ id, alias } = existing);
      if (existing.status === 'disconnected') await new StatusRepository(trx).refreshAggregates(id);
    } else {
      alias = await repo.freeAlias(input.organizationId, input.platform, input.aliasBase);
      id = await repo.insert({
        ...values,
        organization_id: input.organizationId,
        platform: input.platform,
        alias,
        external_account_id: input.externalAccountId,
        created_by: input.userId,
        created_at: now,
      });
    }
    await this.c.activity.record(
      {
        organizationId: input.organizationId,
        userId: input.userId,
        activity: `${existing ? 'Reconnected' : 'Connected'} ${PLATFORM_NAMES[input.platform]} account ${alias}`,
        note: input.sandbox ? 'Sandbox account (local emulator)' : '',
        status: 'success',
      },
      trx,
    );
    return { id, alias };
  }

  /**
   * Webhooks after a connect (and reconnect); a failure is recorded as an error activity, not
   * fatal: the connection works without them.
   */
  async subscribe(
    who: { organizationId: string; userId: string },
    activity: string,
    failure: string,
    register: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await register();
    } catch (error) {
      await this.c.activity.record({
        ...who,
        activity,
        note: `${failure}: ${messageOf(error)}`,
        status: 'error',
      });
    }
  }
}
