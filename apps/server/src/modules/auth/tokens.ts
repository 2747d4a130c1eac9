import { SignJWT, errors, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A token this close to expiry is replaced when the refresh cookie allows it. */
export const REFRESH_WINDOW_MS = 2 * 60 * 1000;

export interface AccessClaims {
  sub: string;
  sid: string;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

export type TokenCheck =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired'; claims: AccessClaims }
  | { status: 'invalid' };

export async function signAccessToken(
  key: Uint8Array,
  subject: { userId: string; sessionId: string },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: subject.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

function toClaims(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, exp } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
  return { sub, sid, exp };
}

/** Checks signature and expiry; an expired token with a good signature still yields its claims. */
export async function checkAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const claims = toClaims(payload);
    return claims ? { status: 'valid', claims } : { status: 'invalid' };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const claims = toClaims(error.payload);
      return claims ? { status: 'expired', claims } : { status: 'invalid' };
    }
    return { status: 'invalid' };
  }
}
