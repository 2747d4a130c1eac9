import { memberMessages, type InvitableRole, type Member } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Role } from '../../db/tables/organizations';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFoundIn } from '../../lib/errors';
import type { MembershipChanges } from './membership-changes';
import { MembersRepository } from './members-repository';

/**
 * Who belongs to an organisation and with which role. An organisation always has exactly one
 * owner: the owner is never removed or demoted except by transferring ownership, which makes the
 * previous owner an admin in the same transaction (docs/decisions/0052). Who may call what is the
 * role matrix's business (plugins/roles.ts); these rules hold whoever calls.
 */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes?: MembershipChanges,
  ) {}

  list(organizationId: string): Promise<Member[]> {
    return new MembersRepository(this.db).list(organizationId);
  }

  count(organizationId: string): Promise<number> {
    return new MembersRepository(this.db).count(organizationId);
  }

  roleOf(organizationId: string, userId: string): Promise<Role | undefined> {
    return new MembersRepository(this.db).roleOf(organizationId, userId);
  }

  /** The role of the member with this (lower-case) address, if there is one. */
  roleOfEmail(organizationId: string, email: string): Promise<Role | undefined> {
    return new MembersRepository(this.db).roleOfEmail(organizationId, email);
  }

  /**
   * Adds a member in the caller's transaction (an accepted invitation); false if one already.
   * `checkRoom` is told how many members there are, under the organisation's lock so that two
   * joining at once are counted one after the other, and throws to refuse.
   */
  async join(
    trx: Db,
    invited: { organizationId: string; userId: string; role: InvitableRole },
    checkRoom: (membersNow: number) => Promise<void>,
  ) {
    const { organizationId, userId, role } = invited;
    const members = new MembersRepository(trx);
    await members.lock(organizationId);
    if (await members.roleOf(organizationId, userId)) return false;
    await checkRoom(await members.count(organizationId));
    await members.add(organizationId, userId, role, this.clock.now());
    return true;
  }

  async changeRole(organizationId: string, userId: string, role: Role): Promise<void> {
    if (role === 'owner') throw badRequest(memberMessages.useTransfer, 'role');
    await this.change(organizationId, userId, async (members, current) => {
      if (current === 'owner') throw conflict(memberMessages.ownerRoleFixed, 'role');
      await members.setRole(organizationId, userId, role);
    });
  }

  /** Removes a member, or the caller themselves (leaving); never the owner. */
  async remove(organizationId: string, userId: string, leaving = false): Promise<void> {
    await this.change(organizationId, userId, async (members, current) => {
      if (current === 'owner') {
        throw conflict(
          leaving ? memberMessages.ownerCannotLeave : memberMessages.ownerNotRemovable,
        );
      }
      await members.remove(organizationId, userId);
    });
  }

  async transferOwnership(organizationId: string, ownerId: string, toUserId: string) {
    if (toUserId === ownerId) throw conflict(memberMessages.transferToSelf, 'userId');
    const ownerHeard = this.changes?.heard(organizationId, ownerId);
    await this.change(organizationId, toUserId, async (members) => {
      // The previous owner first: one owner per organisation is a unique index.
      await members.setRole(organizationId, ownerId, 'admin');
      await members.setRole(organizationId, toUserId, 'owner');
    });
    await ownerHeard;
  }

  /**
   * Runs `apply` on a member under the organisation's lock, then waits until this process has
   * heard the change: every process's membership cache has been told by then, so the member's
   * next request anywhere sees it.
   */
  private async change(
    organizationId: string,
    userId: string,
    apply: (members: MembersRepository, current: Role) => Promise<void>,
  ): Promise<void> {
    // Listening before the commit: its notification may arrive before the commit's answer.
    const heard = this.changes?.heard(organizationId, userId);
    await this.db.transaction().execute(async (trx) => {
      const members = new MembersRepository(trx);
      await members.lock(organizationId);
      const current = await members.roleOf(organizationId, userId);
      if (!current) throw notFoundIn(memberMessages.notMember, 'userId');
      await apply(members, current);
    });
    await heard;
  }
}
