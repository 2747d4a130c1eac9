import { sql } from 'kysely';
import type { Db } from '../../db/client';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  async databaseReachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
