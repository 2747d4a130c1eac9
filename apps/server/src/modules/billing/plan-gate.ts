import { billingMessages, type GateErrorResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { ProductSelection } from '../catalog/product-selection-repository';
import type { CatalogService } from '../catalog/service';
import type { ConnectionsService } from '../connections/service';
import type { SubscriptionState } from './subscription-state';
import { UsageRepository } from './usage-repository';

/** A refused action: answered 402 with its code (gate.ts). */
export class GateError extends Error {
  constructor(
    message: string,
    readonly code: GateErrorResponse['code'],
  ) {
    super(message);
    this.name = 'GateError';
  }
}

type GateConnections = Pick<
  ConnectionsService,
  'countedAccounts' | 'hasAccount' | 'hasReauthPending'
>;

/** The checks behind the feature gate: access by subscription, room by the plan's limits. */
export class PlanGate {
  constructor(
    private readonly db: Db,
    private readonly state: SubscriptionState,
    private readonly connections: GateConnections,
    private readonly catalog: Pick<CatalogService, 'unsyncedAmong'>,
    private readonly seatsAfterInviting: (organizationId: string, email: string) => Promise<number>,
  ) {}

  /** Inviting an address beyond the plan's members (pending invitations count) is refused. */
  async checkNewMember(organizationId: string, email: string): Promise<void> {
    const { plan } = await this.state.current(organizationId);
    const limit = plan?.max_members ?? null;
    if (limit === null || !plan) return;
    const seats = await this.seatsAfterInviting(organizationId, email);
    if (seats > limit)
      throw new GateError(
        `Your ${plan.name} plan allows ${limit} members, pending invitations included. Remove a member or an invitation, or choose a larger plan in Billing.`,
        'plan_limit',
      );
  }

  /**
   * Accepting an invitation: refused when the organisation, with `membersNow` members, has no
   * room for one more under its plan (downgraded since the invitation, or other invitations
   * accepted first). Read afresh, not from the gate's cache: a downgrade a moment ago counts.
   */
  async checkJoining(organizationId: string, membersNow: number): Promise<void> {
    this.state.forget(organizationId);
    const { plan } = await this.state.current(organizationId);
    const limit = plan?.max_members ?? null;
    if (limit === null || !plan || membersNow < limit) return;
    throw new GateError(
      `This organisation's ${plan.name} plan allows ${limit} members and has no room for another. Ask its owner to remove a member or choose a larger plan, then open the invitation link again.`,
      'plan_limit',
    );
  }

  /** Importing, generating SKUs, turning sync on: only with an active or trialing subscription. */
  async requireAccess(organizationId: string): Promise<void> {
    if (await this.state.isGated(organizationId))
      throw new GateError(billingMessages.subscriptionRequired, 'subscription_required');
  }

  /**
   * Turning sync on for products (value true, or a flip of products now off) needs access and
   * room in the plan; turning it off is always allowed.
   */
  async checkSyncOn(
    organizationId: string,
    selection: ProductSelection,
    value: boolean | undefined,
  ): Promise<void> {
    if (value === false) return;
    const turningOn = await this.catalog.unsyncedAmong(organizationId, selection);
    if (turningOn === 0) return;
    await this.requireAccess(organizationId);
    const { plan } = await this.state.current(organizationId);
    const limit = plan?.max_synced_products ?? null;
    if (limit === null || !plan) return;
    const synced = await new UsageRepository(this.db).syncedProducts(organizationId);
    if (synced + turningOn > limit)
      throw new GateError(
        `Your ${plan.name} plan allows ${limit} synced products (${synced} synced now, ${turningOn} more asked). Choose a larger plan in Billing.`,
        'plan_limit',
      );
  }

  /**
   * Connecting an account beyond the plan's connected accounts is refused; connecting an account
   * again (same shop, or a platform with an account waiting for re-authorisation) is not new.
   */
  async checkNewConnection(
    organizationId: string,
    platform: Platform,
    account: string | undefined,
  ): Promise<void> {
    const { plan } = await this.state.current(organizationId);
    const limit = plan?.max_connected_accounts ?? null;
    if (limit === null || !plan) return;
    const known = account
      ? await this.connections.hasAccount(organizationId, platform, account)
      : await this.connections.hasReauthPending(organizationId, platform);
    if (known) return;
    if ((await this.connections.countedAccounts(organizationId)) >= limit)
      throw new GateError(
        `Your ${plan.name} plan allows ${limit} connected accounts. Disconnect one or choose a larger plan in Billing.`,
        'plan_limit',
      );
  }
}
