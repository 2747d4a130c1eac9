import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Currency, Role } from '../../db/tables/organizations';

export interface MemberOrganization {
  id: string;
  name: string;
  currency: Currency;
  role: Role;
  low_stock_threshold: number;
}

/** What an owner or admin may change of an organisation (undefined: unchanged). */
export interface OrganizationChanges {
  name?: string;
  currency?: Currency;
  low_stock_threshold?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  private memberQuery(userId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', 'o.currency', 'm.role', 'o.low_stock_threshold'])
      .where('m.user_id', '=', userId);
  }

  /** The user's organisations, oldest membership first (the first one is the onboarding one). */
  async listForUser(userId: string): Promise<MemberOrganization[]> {
    return this.memberQuery(userId)
      .orderBy('m.created_at', 'asc')
      .orderBy('o.created_at', 'asc')
      .orderBy('o.id', 'asc')
      .execute();
  }

  /** One indexed lookup on the membership primary key. */
  async findForMember(
    organizationId: string,
    userId: string,
  ): Promise<MemberOrganization | undefined> {
    return this.memberQuery(userId)
      .where('m.organization_id', '=', organizationId)
      .executeTakeFirst();
  }

  /**
   * Serialises organisation changes of one user until the transaction ends: a name must be
   * unique among the user's organisations, which no constraint can say.
   */
  async lockMembershipsOf(userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`memberships-of:${userId}`}, 0))`.execute(
      this.db,
    );
  }

  /** Organisations with this id, or else with this name (ignoring case), of any user. */
  async findByIdOrName(idOrName: string): Promise<{ id: string; name: string }[]> {
    const query = this.db.selectFrom('organizations').select(['id', 'name']);
    if (UUID.test(idOrName)) return query.where('id', '=', idOrName).execute();
    return query
      .where((eb) => eb(eb.fn('lower', [eb.ref('name')]), '=', idOrName.toLowerCase()))
      .execute();
  }

  /** The organisation's name; undefined for an unknown id. */
  async nameOf(organizationId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return row?.name;
  }

  async createWithOwner(input: {
    name: string;
    currency: Currency;
    ownerId: string;
    now: Date;
  }): Promise<MemberOrganization> {
    const org = await this.db
      .insertInto('organizations')
      .values({ name: input.name, currency: input.currency, created_at: input.now })
      .returning(['id', 'name', 'currency', 'low_stock_threshold'])
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('memberships')
      .values({
        user_id: input.ownerId,
        organization_id: org.id,
        role: 'owner',
        created_at: input.now,
      })
      .execute();
    return { ...org, role: 'owner' };
  }

  async update(
    organizationId: string,
    changes: OrganizationChanges,
  ): Promise<Omit<MemberOrganization, 'role'>> {
    if (Object.values(changes).every((value) => value === undefined)) {
      return this.db
        .selectFrom('organizations')
        .select(['id', 'name', 'currency', 'low_stock_threshold'])
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow();
    }
    return this.db
      .updateTable('organizations')
      .set(changes)
      .where('id', '=', organizationId)
      .returning(['id', 'name', 'currency', 'low_stock_threshold'])
      .executeTakeFirstOrThrow();
  }

  /** Whether another of the user's organisations already has this name (case-insensitive). */
  async nameTakenForUser(
    userId: string,
    name: string,
    exceptOrganizationId?: string,
  ): Promise<boolean> {
    let query = this.memberQuery(userId).where((eb) =>
      eb(eb.fn('lower', [eb.ref('o.name')]), '=', name.toLowerCase()),
    );
    if (exceptOrganizationId) query = query.where('o.id', '!=', exceptOrganizationId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** The oldest organisation the user owns whose name is still empty. */
  async findFirstUnnamedOwned(userId: string): Promise<MemberOrganization | undefined> {
    return this.memberQuery(userId)
      .where('m.role', '=', 'owner')
      .where('o.name', '=', '')
      .orderBy('m.created_at', 'asc')
      .orderBy('o.created_at', 'asc')
      .limit(1)
      .executeTakeFirst();
  }
}
