import type { User } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { OrganizationsRepository } from '../organizations/repository';
import { UsersRepository } from './repository';

export class UsersService {
  constructor(private readonly db: Db) {}

  /** The user with every organisation they belong to, as the web keeps it in `account`. */
  async getProfile(userId: string, db: Db = this.db): Promise<User> {
    const user = await new UsersRepository(db).findById(userId);
    if (!user) throw unauthorized();
    const orgs = await new OrganizationsRepository(db).listForUser(userId);
    return { id: user.id, email: user.email, orgs };
  }
}
