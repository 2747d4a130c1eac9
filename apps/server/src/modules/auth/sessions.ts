import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { SessionRow } from '../../db/tables/auth';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import { hmac, randomToken } from '../../lib/secret-tokens';
import { unauthorized } from '../../lib/errors';
import { SessionsRepository } from './sessions-repository';
import {
  REFRESH_WINDOW_MS,
  checkAccessToken,
  signAccessToken,
  type AccessClaims,
  type TokenCheck,
} from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a just-rotated refresh token still works, for requests sent in parallel with the rotation. */
export const REFRESH_GRACE_MS = 60 * 1000;

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

/** Sessions: an access JWT checked per request and a rotating refresh token (ADR 0003). */
export class Sessions {
  private readonly repo: SessionsRepository;
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
    db: Db,
    private readonly deps: { keys: Keys; clock: Clock },
  ) {
    this.repo = new SessionsRepository(db);
  }

  private refreshHash(token: string): string {
    return hmac(`refresh:${token}`, this.deps.keys.hmac);
  }

  /** A new session of the user in `trx`, with its tokens. */
  async start(trx: Db, userId: string, now: Date) {
    const refreshToken = randomToken();
    const session = await new SessionsRepository(trx).createSession({
      userId,
      refreshTokenHash: this.refreshHash(refreshToken),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    });
    return { session, refreshToken };
  }

  accessToken(userId: string, sessionId: string, now: Date): Promise<string> {
    return signAccessToken(this.deps.keys.jwt, { userId, sessionId }, now);
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
}
