import type { FastifyReply } from 'fastify';
import { AUTH_COOKIES } from '@stocksync/contract';
import { SESSION_TTL_MS } from '../modules/auth/service';

export interface CookiePolicy {
  secure: boolean;
}

const REFRESH_PATH = '/v1';

export function setRefreshCookie(reply: FastifyReply, token: string, policy: CookiePolicy): void {
  reply.setCookie(AUTH_COOKIES.refreshToken, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    path: REFRESH_PATH,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(AUTH_COOKIES.refreshToken, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
  });
}
