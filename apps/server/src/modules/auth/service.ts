import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import type { Mailer } from '../../lib/mail';
import type { InvitationsService } from '../invitations/service';
import type { OrganizationsService } from '../organizations/service';
import type { UsersService } from '../users/service';
import type { AuthLimits } from './code-limits';
import { SignInCodes } from './codes';
import type { CodePurpose } from './mail-templates';
import { CodeHistoryRepository } from './code-history-repository';
import { SessionsRepository } from './sessions-repository';
import { Sessions, type Authenticated } from './sessions';

export { DEFAULT_AUTH_LIMITS, type AuthLimits } from './code-limits';
export { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './codes';
export {
  REFRESH_GRACE_MS,
  SESSION_CACHE_TTL_MS,
  SESSION_TTL_MS,
  type Authenticated,
} from './sessions';

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: User;
  isNewUser: boolean;
}

/** Sign-in by mailed code, and the sessions it opens. */
export class AuthService {
  private readonly codes: SignInCodes;
  private readonly sessions: Sessions;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      keys: Keys;
      clock: Clock;
      mailer: Mailer;
      users: UsersService;
      organizations: OrganizationsService;
      invitations: Pick<InvitationsService, 'joinOnSignUp'>;
      appUrl: string;
      log: FastifyBaseLogger;
      limits?: AuthLimits;
    },
  ) {
    this.codes = new SignInCodes(db, deps);
    this.sessions = new Sessions(db, deps);
  }

  /** A mark for a browser that signed in as `email` (see SignInCodes). */
  knownBrowserMark(email: string): string {
    return this.codes.knownBrowserMark(email);
  }

  isKnownBrowser(email: string, mark: string | undefined): boolean {
    return this.codes.isKnownBrowser(email, mark);
  }

  /** Mails a fresh code (see SignInCodes.request). */
  requestCode(email: string, purpose: CodePurpose, ip: string, knownBrowser = false) {
    return this.codes.request(email, purpose, ip, knownBrowser);
  }

  /**
   * Checks the code; a wrong one counts a try. A first sign-in creates the user and their first
   * organisation, or, signing up from a usable invitation link, joins the link's organisation.
   */
  async verify(email: string, code: string, invitation?: string): Promise<SignedIn> {
    const now = this.deps.clock.now();
    const live = await this.codes.check(email, code, now);
    const result = await this.db.transaction().execute(async (trx) => {
      await this.codes.consume(trx, live.id, now);
      const { user, created } = await this.deps.users.findOrCreateVerified(email, now, trx);
      const joined =
        created && invitation !== undefined
          ? await this.deps.invitations.joinOnSignUp(trx, user.id, email, invitation)
          : false;
      if (created && !joined) await this.deps.organizations.createFirst(user.id, now, trx);
      const { session, refreshToken } = await this.sessions.start(trx, user.id, now);
      const profile = await this.deps.users.getProfile(user.id, trx);
      return { session, refreshToken, created, profile };
    });
    const accessToken = await this.sessions.accessToken(result.profile.id, result.session.id, now);
    return {
      accessToken,
      refreshToken: result.refreshToken,
      user: result.profile,
      isNewUser: result.created,
    };
  }

  /** The caller from the bearer token, renewing tokens when due (see Sessions.authenticate). */
  authenticate(credentials: { bearer?: string; refreshToken?: string }): Promise<Authenticated> {
    return this.sessions.authenticate(credentials);
  }

  /** The user a well-signed, unexpired access token names, without a session lookup. */
  userIdOfToken(token: string): Promise<string | undefined> {
    return this.sessions.userIdOfToken(token);
  }

  logout(credentials: { bearer?: string; refreshToken?: string }): Promise<void> {
    return this.sessions.logout(credentials);
  }

  /** Cleanup for the cron job: codes and sessions past use. */
  async deleteExpired(): Promise<{ codes: number; sessions: number }> {
    const now = this.deps.clock.now();
    return {
      codes: await new CodeHistoryRepository(this.db).deleteExpired(now),
      sessions: await new SessionsRepository(this.db).deleteExpired(now),
    };
  }
}
