import type { Organization } from '@stocksync/contract';
import { organizationMessages } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { MembershipChanges } from './membership-changes';
import { MembershipCache } from './membership-cache';
import {
  OrganizationsRepository,
  type MemberOrganization,
  type OrganizationChanges,
} from './repository';

export class OrganizationsService {
  private readonly memberships: MembershipCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Membership changes of every process; without it memberships are not cached. */
    changes?: MembershipChanges,
  ) {
    this.memberships = new MembershipCache(changes);
  }

  /** The user's organisations, oldest membership first; in `db` when it is a transaction. */
  list(userId: string, db: Db = this.db): Promise<Organization[]> {
    return new OrganizationsRepository(db).listForUser(userId);
  }

  /** Membership check used by the org-scope plugin; undefined for non-members and unknown ids. */
  findForMember(organizationId: string, userId: string): Promise<MemberOrganization | undefined> {
    return this.memberships.get(organizationId, userId, () =>
      new OrganizationsRepository(this.db).findForMember(organizationId, userId),
    );
  }

  /** The organisation's name, for links into its screens; undefined for an unknown id. */
  name(organizationId: string): Promise<string | undefined> {
    return new OrganizationsRepository(this.db).nameOf(organizationId);
  }

  /**
   * The user's first organisation, in the caller's `trx`: unnamed until onboarding names it,
   * unless a name is given (the demo seed's).
   */
  createFirst(ownerId: string, now: Date, trx: Db, name = ''): Promise<MemberOrganization> {
    return new OrganizationsRepository(trx).createWithOwner({
      name,
      currency: 'USD',
      ownerId,
      now,
    });
  }

  /** Organisations of any user with this id, or else this name (for the demo seed's --org). */
  findByIdOrName(idOrName: string): Promise<{ id: string; name: string }[]> {
    return new OrganizationsRepository(this.db).findByIdOrName(idOrName);
  }

  async get(organizationId: string, userId: string): Promise<Organization> {
    const org = await new OrganizationsRepository(this.db).findForMember(organizationId, userId);
    if (!org) throw notFound();
    return org;
  }

  async create(userId: string, input: { name: string; currency: Currency }): Promise<Organization> {
    return this.db.transaction().execute(async (trx) => {
      const orgs = new OrganizationsRepository(trx);
      await orgs.lockMembershipsOf(userId);
      if (await orgs.nameTakenForUser(userId, input.name)) {
        throw conflict(organizationMessages.nameTaken, 'organizationName');
      }
      return orgs.createWithOwner({ ...input, ownerId: userId, now: this.clock.now() });
    });
  }

  async update(
    userId: string,
    organizationId: string,
    changes: OrganizationChanges,
  ): Promise<Organization> {
    return this.db.transaction().execute(async (trx) => {
      const orgs = new OrganizationsRepository(trx);
      await orgs.lockMembershipsOf(userId);
      const membership = await orgs.findForMember(organizationId, userId);
      if (!membership) throw notFound();
      if (
        changes.name !== undefined &&
        (await orgs.nameTakenForUser(userId, changes.name, organizationId))
      ) {
        throw conflict(organizationMessages.nameTaken, 'organizationName');
      }
      const updated = await orgs.update(organizationId, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.currency !== undefined && { currency: changes.currency }),
        ...(changes.low_stock_threshold !== undefined && {
          low_stock_threshold: changes.low_stock_threshold,
        }),
      });
      // The cached org context carries the currency: forget it (renames are rare).
      this.memberships.clear();
      return { ...updated, role: membership.role };
    });
  }

  /**
   * Names the user's first (still unnamed) organisation during onboarding. A user who belongs to
   * none any more (removed from, or left, the one they were invited to) gets a new one so named.
   */
  async nameFirst(userId: string, input: { name: string; currency: Currency }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const orgs = new OrganizationsRepository(trx);
      await orgs.lockMembershipsOf(userId);
      const first = await orgs.findFirstUnnamedOwned(userId);
      if (!first && (await orgs.listForUser(userId)).length === 0) {
        await orgs.createWithOwner({ ...input, ownerId: userId, now: this.clock.now() });
        return;
      }
      if (!first) throw conflict(organizationMessages.firstOrganizationNamed, 'organisation');
      if (await orgs.nameTakenForUser(userId, input.name, first.id)) {
        throw conflict(organizationMessages.nameTaken, 'organisation');
      }
      await orgs.update(first.id, input);
    });
    this.memberships.clear();
  }
}
