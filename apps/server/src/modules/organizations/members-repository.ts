import { sql } from 'kysely';
import type { Member } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Role } from '../../db/tables/organizations';

/** An organisation's memberships, with each member's e-mail. */
export class MembersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Serialises membership changes of one organisation until the transaction ends, so that two
   * concurrent changes cannot both see the owner they are about to change.
   */
  async lock(organizationId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`members-of:${organizationId}`}, 0))`.execute(
      this.db,
    );
  }

  /** Owner first, then by when they joined. */
  async list(organizationId: string): Promise<Member[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email', 'm.role', 'm.created_at'])
      .where('m.organization_id', '=', organizationId)
      .orderBy(sql`m.role = 'owner'`, 'desc')
      .orderBy('m.created_at', 'asc')
      .orderBy('m.user_id', 'asc')
      .execute();
    return rows.map(({ created_at, ...row }) => ({
      ...row,
      joined_at: created_at.toISOString(),
    }));
  }

  async roleOf(organizationId: string, userId: string): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** The role of the member with this address (lower case), if one has it. */
  async roleOfEmail(organizationId: string, email: string): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.role')
      .where('m.organization_id', '=', organizationId)
      .where((eb) => eb(eb.fn('lower', [eb.ref('u.email')]), '=', email))
      .executeTakeFirst();
    return row?.role;
  }

  async count(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(organizationId: string, userId: string, role: Role, now: Date): Promise<void> {
    await this.db
      .insertInto('memberships')
      .values({ organization_id: organizationId, user_id: userId, role, created_at: now })
      .execute();
  }

  async setRole(organizationId: string, userId: string, role: Role): Promise<void> {
    await this.db
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  }

  async remove(organizationId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('memberships')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  }
}
