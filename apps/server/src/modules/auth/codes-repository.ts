import type { Db } from '../../db/client';
import type { LoginCodeRow, NewLoginCode } from '../../db/tables/auth';

/** Sign-in codes (login_codes) in use: stored, looked up, tried and consumed. */
export class CodesRepository {
  constructor(private readonly db: Db) {}

  /** Invalidates every open code for the address and stores the new one. */
  async replaceCode(code: NewLoginCode, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('login_codes')
        .set({ consumed_at: now })
        .where('email', '=', code.email)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('login_codes').values(code).execute();
    });
  }

  /** The newest code for the address that is neither used nor expired (its tries may be spent). */
  async findOpenCode(email: string, now: Date): Promise<LoginCodeRow | undefined> {
    return this.db
      .selectFrom('login_codes')
      .selectAll()
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong try; returns the tries made on the code so far. */
  async recordFailedAttempt(id: string): Promise<number> {
    const row = await this.db
      .updateTable('login_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Marks the code used; false when another request used it first. */
  async consumeCode(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
