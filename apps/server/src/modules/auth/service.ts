import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { authMessages, errorMessages, type User } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { generateCode, hmac, randomToken, safeEqual, type Keys } from '../../lib/crypto';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { OrganizationsService } from '../organizations/service';
import type { UsersService } from '../users/service';
import { codeMail, type CodePurpose } from './mail-templates';
import { AuthRepository } from './repository';
import type { SessionRow } from '../../db/types';
import {
  REFRESH_WINDOW_MS,
  checkAccessToken,
  signAccessToken,
  type AccessClaims,
  type TokenCheck,
} from './tokens';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a just-rotated refresh token still works, for requests sent in parallel with the rotation. */
export const REFRESH_GRACE_MS = 60 * 1000;
/**
 * Code request limits (docs/decisions/0032). The per-IP limit does the real work; one client may
 * send an address only a few codes; the per-address ceiling bounds mail to one address from many
 * clients, and does not apply to a browser that has signed in as that address before, so
 * strangers cannot lock the owner out.
 */
export interface AuthLimits {
  windowMs: number;
  /** Code requests per (e-mail address, client IP) pair per window. */
  perEmailPerIp: number;
  /** Code requests per e-mail address per window, from browsers not known to the address. */
  perEmail: number;
  /** Code requests per client IP per window. */
  perIp: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  perEmailPerIp: 5,
  perEmail: 30,
  perIp: 20,
};

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: User;
  isNewUser: boolean;
}

export interface Authenticated {
  userId: string;
  sessionId: string;
  /**
   * Present when the request also renewed the tokens. No refreshToken when a parallel request had
   * just rotated the cookie: the browser already holds the new one.
   */
  renewed?: { accessToken: string; refreshToken?: string };
}

/**
 * Active sessions looked up by a valid access token are remembered this long, so a busy page does
 * not pay a session query per request. Logout in this process forgets at once; another process's
 * logout reaches this one within the TTL (docs/decisions/0011).
 */
export const SESSION_CACHE_TTL_MS = 2000;

export class AuthService {
  private readonly repo: AuthRepository;
  private readonly sessions = new LRUCache<string, SessionRow>({
    max: 10_000,
    ttl: SESSION_CACHE_TTL_MS,
  });
  /**
   * Access tokens whose signature already checked out, by their exact text: the same bytes verify
   * the same way again, so only the expiry is checked on later requests (docs/decisions/0011).
   */
  private readonly verifiedTokens = new LRUCache<string, AccessClaims>({ max: 10_000 });

  constructor(
    private readonly db: Db,
    private readonly deps: {
      keys: Keys;
      clock: Clock;
      mailer: Mailer;
      users: UsersService;
      organizations: OrganizationsService;
      appUrl: string;
      log: FastifyBaseLogger;
      limits?: AuthLimits;
    },
  ) {
    this.repo = new AuthRepository(db);
  }

  private codeHash(email: string, code: string): string {
    return hmac(`login-code:${email}:${code}`, this.deps.keys.hmac);
  }

  private refreshHash(token: string): string {
    return hmac(`refresh:${token}`, this.deps.keys.hmac);
  }

  /**
   * A mark for a browser that signed in as `email` (kept in a cookie): an HMAC, so it names no
   * address and cannot be made without the server's key.
   */
  knownBrowserMark(email: string): string {
    return hmac(`known-browser:${email}`, this.deps.keys.hmac);
  }

  isKnownBrowser(email: string, mark: string | undefined): boolean {
    return mark !== undefined && safeEqual(mark, this.knownBrowserMark(email));
  }

  /** Throws 429 with the seconds until the oldest counted request leaves the window. */
  private async enforceLimit(
    by: { email?: string; ip?: string },
    limit: number,
    now: Date,
    message: string,
    field?: string,
  ): Promise<void> {
    const windowMs = (this.deps.limits ?? DEFAULT_AUTH_LIMITS).windowMs;
    const { count, oldest } = await this.repo.codeRequestsSince(
      by,
      new Date(now.getTime() - windowMs),
    );
    if (count < limit) return;
    const freeAt = (oldest ?? now).getTime() + windowMs;
    throw tooManyRequests(message, field, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }

  /**
   * Mails a fresh code. The answer never depends on whether the address has an account: no user
   * lookup happens here at all. `knownBrowser`: the request comes from a browser that signed in as
   * this address before (isKnownBrowser).
   */
  async requestCode(
    email: string,
    purpose: CodePurpose,
    ip: string,
    knownBrowser = false,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const limits = this.deps.limits ?? DEFAULT_AUTH_LIMITS;
    await this.enforceLimit({ ip }, limits.perIp, now, errorMessages.tooManyRequests);
    await this.enforceLimit(
      { email, ip },
      limits.perEmailPerIp,
      now,
      authMessages.tooManyCodes,
      'email',
    );
    if (!knownBrowser) {
      await this.enforceLimit({ email }, limits.perEmail, now, authMessages.tooManyCodes, 'email');
    }
    const code = generateCode();
    await this.repo.replaceCode(
      {
        email,
        purpose,
        code_hash: this.codeHash(email, code),
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
        created_at: now,
        requested_ip: ip,
      },
      now,
    );
    try {
      await this.deps.mailer.send(codeMail(purpose, email, code, this.deps.appUrl));
    } catch (error) {
      this.deps.log.error({ err: error }, 'sending the sign-in code failed');
      throw new AppError(503, 'The e-mail could not be sent. Please try again in a moment.');
    }
  }

  /** Checks the code; a wrong one counts a try. A first sign-in creates the user and their first organisation. */
  async verify(email: string, code: string): Promise<SignedIn> {
    const now = this.deps.clock.now();
    const live = await this.repo.findOpenCode(email, now);
    if (!live) throw badRequest(authMessages.invalidCode, 'code');
    // Its tries are spent: only a new code can help, and the message says so.
    if (live.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(authMessages.codeTriesUsed, 'code');
    if (!safeEqual(live.code_hash, this.codeHash(email, code))) {
      const attempts = await this.repo.recordFailedAttempt(live.id);
      throw badRequest(
        attempts >= MAX_CODE_ATTEMPTS ? authMessages.codeTriesUsed : authMessages.invalidCode,
        'code',
      );
    }
    const refreshToken = randomToken();
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await new AuthRepository(trx).consumeCode(live.id, now, MAX_CODE_ATTEMPTS))) {
        throw badRequest(authMessages.invalidCode, 'code');
      }
      const { user, created } = await this.deps.users.findOrCreateVerified(email, now, trx);
      if (created) await this.deps.organizations.createFirst(user.id, now, trx);
      const session = await new AuthRepository(trx).createSession({
        userId: user.id,
        refreshTokenHash: this.refreshHash(refreshToken),
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        now,
      });
      return { session, created, profile: await this.deps.users.getProfile(user.id, trx) };
    });
    const accessToken = await signAccessToken(
      this.deps.keys.jwt,
      { userId: result.profile.id, sessionId: result.session.id },
      now,
    );
    return { accessToken, refreshToken, user: result.profile, isNewUser: result.created };
  }

  /**
   * Resolves the caller from the bearer token, renewing tokens when the access token is expired
   * or about to expire and the refresh cookie allows it. Throws 401 otherwise.
   */
  async authenticate(credentials: {
    bearer?: string;
    refreshToken?: string;
  }): Promise<Authenticated> {
    const now = this.deps.clock.now();
    const refreshHash = credentials.refreshToken
      ? this.refreshHash(credentials.refreshToken)
      : undefined;
    const check = credentials.bearer ? await this.checkBearer(credentials.bearer, now) : undefined;
    if (check?.status === 'invalid') throw unauthorized();

    if (check?.status === 'valid') {
      const session = await this.activeSession(check.claims.sid, now);
      if (!session || session.user_id !== check.claims.sub) throw unauthorized();
      const auth: Authenticated = { userId: session.user_id, sessionId: session.id };
      const nearExpiry = check.claims.exp * 1000 - now.getTime() <= REFRESH_WINDOW_MS;
      if (nearExpiry && refreshHash && session.refresh_token_hash === refreshHash) {
        auth.renewed = await this.rotate(session.id, session.user_id, refreshHash, now);
      }
      return auth;
    }

    // Expired or absent access token: a valid refresh cookie alone identifies the session.
    if (!refreshHash) throw unauthorized();
    const session = await this.repo.findActiveSessionByRefreshHash(refreshHash, now);
    const renewed = session && (await this.rotate(session.id, session.user_id, refreshHash, now));
    if (session && renewed) return { userId: session.user_id, sessionId: session.id, renewed };
    return this.authenticateWithinGrace(refreshHash, now);
  }

  /**
   * A refresh token rotated away moments ago by a parallel request still identifies its session:
   * answer with a fresh access token and leave the cookie alone.
   */
  private async authenticateWithinGrace(refreshHash: string, now: Date): Promise<Authenticated> {
    const since = new Date(now.getTime() - REFRESH_GRACE_MS);
    const session = await this.repo.findSessionByPreviousRefreshHash(refreshHash, since, now);
    if (!session) throw unauthorized();
    const accessToken = await signAccessToken(
      this.deps.keys.jwt,
      { userId: session.user_id, sessionId: session.id },
      now,
    );
    return { userId: session.user_id, sessionId: session.id, renewed: { accessToken } };
  }

  /**
   * The user a well-signed, unexpired access token names, without a session lookup: enough to
   * count a client's requests (the route's own authentication still checks the session).
   */
  async userIdOfToken(token: string): Promise<string | undefined> {
    const check = await this.checkBearer(token, this.deps.clock.now());
    return check.status === 'valid' ? check.claims.sub : undefined;
  }

  private async checkBearer(token: string, now: Date): Promise<TokenCheck> {
    const known = this.verifiedTokens.get(token);
    // As jose's check: a token is expired once `now` (whole seconds) reaches its exp.
    if (known && known.exp > Math.floor(now.getTime() / 1000))
      return { status: 'valid', claims: known };
    const check = await checkAccessToken(this.deps.keys.jwt, token, now);
    if (check.status === 'valid') this.verifiedTokens.set(token, check.claims);
    return check;
  }

  /** The session if it is still active at `now`, from the short cache or the database. */
  private async activeSession(id: string, now: Date): Promise<SessionRow | undefined> {
    const cached = this.sessions.get(id);
    if (cached && !cached.revoked_at && cached.expires_at > now) return cached;
    const session = await this.repo.findActiveSession(id, now);
    if (session) this.sessions.set(id, session);
    return session;
  }

  private async rotate(
    sessionId: string,
    userId: string,
    oldHash: string,
    now: Date,
  ): Promise<Authenticated['renewed']> {
    const refreshToken = randomToken();
    this.sessions.delete(sessionId);
    const rotated = await this.repo.rotateRefreshToken({
      sessionId,
      oldHash,
      newHash: this.refreshHash(refreshToken),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    });
    // Lost a race with a parallel request that rotated first: keep going without new tokens.
    if (!rotated) return undefined;
    const accessToken = await signAccessToken(this.deps.keys.jwt, { userId, sessionId }, now);
    return { accessToken, refreshToken };
  }

  /** Revokes the session named by the token (even an expired one) or by the refresh cookie. */
  async logout(credentials: { bearer?: string; refreshToken?: string }): Promise<void> {
    const now = this.deps.clock.now();
    // A refresh cookie does not name its session id, and logouts are rare: forget every session.
    this.sessions.clear();
    const check = credentials.bearer
      ? await checkAccessToken(this.deps.keys.jwt, credentials.bearer, now)
      : undefined;
    if (check && check.status !== 'invalid') {
      await this.repo.revokeSession({ id: check.claims.sid }, now);
    }
    if (credentials.refreshToken) {
      await this.repo.revokeSession(
        { refreshTokenHash: this.refreshHash(credentials.refreshToken) },
        now,
      );
    }
  }

  deleteExpired(): Promise<{ codes: number; sessions: number }> {
    return this.repo.deleteExpired(this.deps.clock.now());
  }
}
