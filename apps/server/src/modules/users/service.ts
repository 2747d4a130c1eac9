import type { User } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import type { OrganizationsService } from '../organizations/service';
import { UsersRepository } from './repository';

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly organizations: OrganizationsService,
  ) {}

  /** The user with every organisation they belong to, as the web keeps it in `account`. */
  async getProfile(userId: string, db: Db = this.db): Promise<User> {
    const user = await new UsersRepository(db).findById(userId);
    if (!user) throw unauthorized();
    const orgs = await this.organizations.list(userId, db);
    return { id: user.id, email: user.email, orgs };
  }

  /** The user's address; undefined for an unknown (or deleted) user. */
  async emailOf(userId: string): Promise<string | undefined> {
    return (await new UsersRepository(this.db).findById(userId))?.email;
  }

  /** The user with this address, created (verified) if new; in the caller's `trx`. */
  findOrCreateVerified(email: string, now: Date, trx: Db) {
    return new UsersRepository(trx).findOrCreateVerified(email, now);
  }
}
