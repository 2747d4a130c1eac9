import type { FastifyBaseLogger } from 'fastify';
import { authMessages, errorMessages } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { LoginCodeRow } from '../../db/tables/auth';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import { generateCode, hmac, safeEqual } from '../../lib/secret-tokens';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './code-limits';
import { codeMail, type CodePurpose } from './mail-templates';
import { CodeHistoryRepository } from './code-history-repository';
import { CodesRepository } from './codes-repository';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Sign-in codes: mailed under the request limits, checked with a bounded number of tries. */
export class SignInCodes {
  private readonly repo: CodesRepository;
  private readonly history: CodeHistoryRepository;

  constructor(
    db: Db,
    private readonly deps: {
      keys: Keys;
      clock: Clock;
      mailer: Mailer;
      appUrl: string;
      log: FastifyBaseLogger;
      limits?: AuthLimits;
    },
  ) {
    this.repo = new CodesRepository(db);
    this.history = new CodeHistoryRepository(db);
  }

  private codeHash(email: string, code: string): string {
    return hmac(`login-code:${email}:${code}`, this.deps.keys.hmac);
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
    const { count, oldest } = await this.history.codeRequestsSince(
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
  async request(
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

  /**
   * The open code `code` matches; a wrong one counts a try. Its tries spent, only a new code can
   * help, and the message says so.
   */
  async check(email: string, code: string, now: Date): Promise<LoginCodeRow> {
    const live = await this.repo.findOpenCode(email, now);
    if (!live) throw badRequest(authMessages.invalidCode, 'code');
    if (live.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(authMessages.codeTriesUsed, 'code');
    if (!safeEqual(live.code_hash, this.codeHash(email, code))) {
      const attempts = await this.repo.recordFailedAttempt(live.id);
      throw badRequest(
        attempts >= MAX_CODE_ATTEMPTS ? authMessages.codeTriesUsed : authMessages.invalidCode,
        'code',
      );
    }
    return live;
  }

  /** Uses the code up in `trx`; a code used meanwhile (or out of tries) is refused. */
  async consume(trx: Db, id: string, now: Date): Promise<void> {
    if (!(await new CodesRepository(trx).consumeCode(id, now, MAX_CODE_ATTEMPTS))) {
      throw badRequest(authMessages.invalidCode, 'code');
    }
  }
}
