import {
  INVITATION_TTL_DAYS,
  invitationMessages,
  type AcceptInvitationResponse,
  type InvitableRole,
  type Invitation,
  type InvitationPreview,
  type Role,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import { hmac, randomToken } from '../../lib/secret-tokens';
import { AppError, conflict, forbidden, notFoundIn, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { GateError } from '../billing/plan-gate';
import type { MembersService } from '../organizations/members-service';
import type { OrganizationsService } from '../organizations/service';
import type { UsersService } from '../users/service';
import { invitationMail } from './mail';
import { InvitationsRepository } from './repository';
import type { InvitationRow } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Invitations an organisation may send per hour, and to one address per hour (resends). */
export const INVITATION_LIMITS = { perOrganizationPerHour: 30, perEmailPerHour: 5 };

export interface InvitationsDeps {
  clock: Clock;
  keys: Keys;
  mailer: Mailer;
  appUrl: string;
  members: MembersService;
  organizations: Pick<OrganizationsService, 'name'>;
  users: Pick<UsersService, 'emailOf'>;
  /** Refuses (402 plan_limit) when an organisation with `membersNow` members has no room left. */
  checkRoom: (organizationId: string, membersNow: number) => Promise<void>;
}

const gone = (message: string) => new AppError(410, message, 'token');

/**
 * Invitations by e-mail (issue 24): a single-use link valid for 7 days, kept only as its HMAC;
 * inviting an address again replaces its open invitation (the old link stops working).
 */
export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly deps: InvitationsDeps,
  ) {}

  private hash(token: string): string {
    return hmac(`invitation:${token}`, this.deps.keys.hmac);
  }

  async list(organizationId: string): Promise<Invitation[]> {
    const rows = await new InvitationsRepository(this.db).open(organizationId);
    const now = this.deps.clock.now();
    const inviters = await this.emailsOf(rows.map((r) => r.invited_by));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      invited_by_email: row.invited_by ? (inviters.get(row.invited_by) ?? null) : null,
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      expired: row.expires_at <= now,
    }));
  }

  /** Members plus pending invitations once `email` is invited (its own open one counts once). */
  async seatsAfterInviting(organizationId: string, email: string): Promise<number> {
    const now = this.deps.clock.now();
    const [members, pending] = await Promise.all([
      this.deps.members.count(organizationId),
      new InvitationsRepository(this.db).countPending(organizationId, now, email),
    ]);
    return members + pending + 1;
  }

  async invite(
    organizationId: string,
    inviterId: string,
    input: { email: string; role: InvitableRole },
  ): Promise<Invitation> {
    const { email, role } = input;
    if (await this.deps.members.roleOfEmail(organizationId, email)) {
      throw conflict(invitationMessages.alreadyMember(email), 'email');
    }
    const now = this.deps.clock.now();
    await this.checkRate(organizationId, email, now);
    const token = randomToken();
    const row = await new InvitationsRepository(this.db).replace({
      organization_id: organizationId,
      email,
      role,
      token_hash: this.hash(token),
      invited_by: inviterId,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    });
    const [organizationName, inviterEmail] = await Promise.all([
      this.deps.organizations.name(organizationId),
      this.deps.users.emailOf(inviterId),
    ]);
    await this.deps.mailer.send(
      invitationMail({
        to: email,
        organizationName: organizationName ?? '',
        role,
        inviterEmail: inviterEmail ?? null,
        link: `${this.deps.appUrl.replace(/\/$/, '')}/invitations/accept?token=${token}`,
      }),
    );
    return (await this.list(organizationId)).find((i) => i.id === row.id)!;
  }

  async revoke(organizationId: string, invitationId: string): Promise<void> {
    const revoked = await new InvitationsRepository(this.db).revoke(
      organizationId,
      invitationId,
      this.deps.clock.now(),
    );
    if (!revoked) throw notFoundIn('No open invitation with this id', 'invitationId');
  }

  /** What the link is for, so the accept screen can say it before the invitee signs in. */
  async preview(token: string): Promise<InvitationPreview> {
    const row = this.usable(await new InvitationsRepository(this.db).byTokenHash(this.hash(token)));
    return {
      organization_name: (await this.deps.organizations.name(row.organization_id)) ?? '',
      email: row.email,
      role: row.role,
      expires_at: row.expires_at.toISOString(),
    };
  }

  /**
   * A signed-in user whose address the invitation names joins the organisation. The invitee it
   * already made a member (signing up from the link) gets the same answer again.
   */
  async accept(userId: string, token: string): Promise<AcceptInvitationResponse> {
    const email = (await this.deps.users.emailOf(userId)) ?? '';
    const used = await new InvitationsRepository(this.db).byTokenHash(this.hash(token));
    if (used?.accepted_at && used.email === email) {
      const role = await this.deps.members.roleOf(used.organization_id, userId);
      if (role) return this.answer(used.organization_id, role);
    }
    const joined = await this.db.transaction().execute(async (trx) => {
      const taken = await this.take(trx, token, email, userId);
      if (!taken.joined) throw conflict(invitationMessages.youAreMember, 'token');
      return taken.row;
    });
    return this.answer(joined.organization_id, joined.role);
  }

  private async answer(organizationId: string, role: Role): Promise<AcceptInvitationResponse> {
    const name = (await this.deps.organizations.name(organizationId)) ?? '';
    return { organization: { id: organizationId, name, role } };
  }

  /**
   * Signing up from a link: in the sign-up's transaction, the new user joins the organisation
   * instead of getting an empty one. False (nothing changed) when the link cannot be used, or
   * the organisation's plan has no room left (the link stays open for later).
   */
  async joinOnSignUp(trx: Db, userId: string, email: string, token: string): Promise<boolean> {
    try {
      return (await this.take(trx, token, email, userId)).joined;
    } catch (error) {
      if (error instanceof AppError || error instanceof GateError) return false;
      throw error;
    }
  }

  /**
   * The usable invitation of `token` for `email`, and in `trx` the user joins its organisation
   * (when there is room in its plan) and the link is used up. `joined` is false, and nothing
   * written, when the user is a member already. Refusals are thrown before anything is written.
   */
  private async take(trx: Db, token: string, email: string, userId: string) {
    const repo = new InvitationsRepository(trx);
    const row = this.usable(await repo.byTokenHash(this.hash(token), true));
    if (row.email !== email.toLowerCase())
      throw forbidden(invitationMessages.wrongEmail(row.email));
    const organizationId = row.organization_id;
    const joined = await this.deps.members.join(
      trx,
      { organizationId, userId, role: row.role },
      (membersNow) => this.deps.checkRoom(organizationId, membersNow),
    );
    if (joined) await repo.markAccepted(row.id, this.deps.clock.now());
    return { row, joined };
  }

  private usable(row: InvitationRow | undefined): InvitationRow {
    if (!row) throw notFoundIn(invitationMessages.notFound, 'token');
    if (row.accepted_at) throw gone(invitationMessages.used);
    if (row.revoked_at) throw gone(invitationMessages.revoked);
    if (row.expires_at <= this.deps.clock.now()) throw gone(invitationMessages.expired);
    return row;
  }

  private async checkRate(organizationId: string, email: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - HOUR_MS);
    const sent = await new InvitationsRepository(this.db).sentSince(organizationId, email, since);
    if (sent.all >= INVITATION_LIMITS.perOrganizationPerHour) {
      throw tooManyRequests(invitationMessages.tooManyForOrganization, 'email', 3600);
    }
    if (sent.toEmail >= INVITATION_LIMITS.perEmailPerHour) {
      throw tooManyRequests(invitationMessages.tooManyForEmail, 'email', 3600);
    }
  }

  private async emailsOf(ids: (string | null)[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const found = await Promise.all(
      unique.map(async (id) => [id, await this.deps.users.emailOf(id)] as const),
    );
    return new Map(found.filter((entry): entry is [string, string] => entry[1] !== undefined));
  }
}
