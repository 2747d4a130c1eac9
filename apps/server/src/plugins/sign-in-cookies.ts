import type { FastifyReply } from 'fastify';
import { AUTH_COOKIES } from '@stocksync/contract';
import type { CookiePolicy } from './cookies';

// Sign-in cookies, scoped to /v1/auth: the address awaiting its code, and the browser's mark.

const PENDING_PATH = '/v1/auth';

export function setPendingEmailCookie(
  reply: FastifyReply,
  email: string,
  policy: CookiePolicy,
): void {
  reply.setCookie(AUTH_COOKIES.pendingEmail, email, {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    path: PENDING_PATH,
    maxAge: 15 * 60,
    signed: true,
  });
}

/** Kept across sign-outs: it marks the browser, not a session (docs/decisions/0032). */
export function setKnownBrowserCookie(
  reply: FastifyReply,
  mark: string,
  policy: CookiePolicy,
): void {
  reply.setCookie(AUTH_COOKIES.knownBrowser, mark, {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    path: PENDING_PATH,
    maxAge: 365 * 24 * 60 * 60,
  });
}

export function clearPendingEmailCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(AUTH_COOKIES.pendingEmail, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
  });
}
