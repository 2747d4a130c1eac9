import { connectionMessages } from '@stocksync/contract';
import type { Platform } from '../../db/types';
import { hmac, randomToken } from '../../lib/secret-tokens';
import { badRequest } from '../../lib/errors';
import type { OrganizationsService } from '../organizations/service';
import type { ConnectionsContext } from './context';
import { OAuthStatesRepository } from './oauth-states-repository';

/** How long a consent round trip may take. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** The state of a consent round trip: made for one user, platform and organisation, used once. */
export class OAuthStates {
  constructor(
    private readonly c: ConnectionsContext,
    private readonly organizations: Pick<OrganizationsService, 'findForMember'>,
  ) {}

  private hash(state: string): string {
    return hmac(`oauth-state:${state}`, this.c.keys.hmac);
  }

  private async create(
    platform: Platform,
    userId: string,
    organizationId: string,
    shop: string | null = null,
  ): Promise<string> {
    const state = randomToken(24);
    const now = this.c.clock.now();
    const repo = new OAuthStatesRepository(this.c.db);
    await repo.insert({
      stateHash: this.hash(state),
      platform,
      userId,
      organizationId,
      shop,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      now,
    });
    // Old states are useless; keep the table small.
    await repo.deleteExpiredBefore(new Date(now.getTime() - OAUTH_STATE_TTL_MS));
    return state;
  }

  /** The platform's consent screen, with a new state for this user and organisation. */
  async consentUrl(
    platform: Platform,
    userId: string,
    organizationId: string,
    shop?: string,
  ): Promise<string> {
    const state = await this.create(platform, userId, organizationId, shop ?? null);
    return this.c.channels()[platform].adapter.authoriseUrl(shop ? { state, shop } : { state });
  }

  /**
   * Marks the state used (once), checks it belongs to this user and platform and that the user
   * is still a member of its organisation (else it stays unused: the transaction rolls back).
   */
  async consume(
    platform: Platform,
    userId: string,
    state: string | undefined,
  ): Promise<{ organizationId: string; shop: string | null }> {
    if (!state) throw badRequest(connectionMessages.stateInvalid, 'state');
    return this.c.db.transaction().execute(async (trx) => {
      const row = await new OAuthStatesRepository(trx).consume(
        this.hash(state),
        platform,
        userId,
        this.c.clock.now(),
      );
      const member = row && (await this.organizations.findForMember(row.organization_id, userId));
      if (!row || !member) throw badRequest(connectionMessages.stateInvalid, 'state');
      return { organizationId: row.organization_id, shop: row.shop };
    });
  }
}
