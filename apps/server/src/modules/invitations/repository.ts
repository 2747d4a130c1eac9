import type { Kysely } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import type { InvitationRow, InvitationsTables } from './tables';

export type NewInvitation = Pick<
  InvitationRow,
  'organization_id' | 'email' | 'role' | 'token_hash' | 'invited_by' | 'created_at' | 'expires_at'
>;

export class InvitationsRepository {
  private readonly db: Kysely<Database & InvitationsTables>;

  constructor(db: Db) {
    this.db = db.withTables<InvitationsTables>();
  }

  /** Open (neither accepted nor revoked) invitations, newest first; expired ones included. */
  async open(organizationId: string): Promise<InvitationRow[]> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Open invitations not yet expired, except the one of `exceptEmail`. */
  async countPending(organizationId: string, now: Date, exceptEmail?: string): Promise<number> {
    let query = this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now);
    if (exceptEmail) query = query.where('email', '!=', exceptEmail);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Invitations created since `since`, of the organisation, and of it to `email`. */
  async sentSince(organizationId: string, email: string, since: Date) {
    const row = await this.db
      .selectFrom('invitations')
      .select((eb) => [
        eb.fn.countAll<string>().as('all'),
        eb.fn.count<string>('id').filterWhere('email', '=', email).as('to_email'),
      ])
      .where('organization_id', '=', organizationId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { all: Number(row.all), toEmail: Number(row.to_email) };
  }

  /** Replaces the address's open invitation, if any, with a new one. */
  async replace(invitation: NewInvitation): Promise<InvitationRow> {
    await this.db
      .updateTable('invitations')
      .set({ revoked_at: invitation.created_at })
      .where('organization_id', '=', invitation.organization_id)
      .where('email', '=', invitation.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    return this.db
      .insertInto('invitations')
      .values(invitation)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Revokes an open invitation of the organisation; false when there is none with this id. */
  async revoke(organizationId: string, id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The invitation of a token's hash, locked until the transaction ends when `forUpdate`. */
  async byTokenHash(tokenHash: string, forUpdate = false): Promise<InvitationRow | undefined> {
    const query = this.db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  }

  async markAccepted(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ accepted_at: now })
      .where('id', '=', id)
      .execute();
  }
}
