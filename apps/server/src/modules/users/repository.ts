import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/tables/users';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Returns the user for the address, creating it (verified) if new. */
  async findOrCreateVerified(
    email: string,
    now: Date,
  ): Promise<{ user: UserRow; created: boolean }> {
    const inserted = await this.db
      .insertInto('users')
      .values({ email, verified_at: now, created_at: now })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { user: inserted, created: true };
    const user = await this.db
      .updateTable('users')
      .set((eb) => ({ verified_at: eb.fn.coalesce('verified_at', eb.val(now)) }))
      .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user, created: false };
  }
}
