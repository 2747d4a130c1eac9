import { randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock';
import type { EbaySettings } from './settings';

export interface AuthCode {
  code: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface UserToken {
  kind: 'user';
  token: string;
  scopes: string[];
  expiresAt: number;
}

export interface RefreshToken {
  token: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export interface AppToken {
  kind: 'application';
  token: string;
  scopes: string[];
  expiresAt: number;
}

/** eBay tokens look like `v^1.1#i^1#p^3#r^1#I^3#f^0#t^...` (opaque; the prefix only mimics them). */
const opaque = (marker: string) =>
  `v^1.1#i^1#${marker}#I^3#f^0#t^${randomBytes(48).toString('base64')}`;

/** Authorization codes, user access tokens, refresh tokens and application tokens, by value. */
export class TokenStore {
  readonly codes = new Map<string, AuthCode>();
  readonly access = new Map<string, UserToken | AppToken>();
  readonly refresh = new Map<string, RefreshToken>();

  constructor(
    private readonly settings: EbaySettings,
    private readonly clock: Clock,
  ) {}

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  issueCode(scopes: string[]): AuthCode {
    const code: AuthCode = {
      code: opaque('r^1#p^3'),
      scopes,
      expiresAt: this.clock.now() + this.settings.authCodeTtlSeconds * 1000,
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  issueUserToken(scopes: string[]): UserToken {
    const token: UserToken = {
      kind: 'user',
      token: opaque('p^3#r^1'),
      scopes,
      expiresAt: this.clock.now() + this.settings.accessTokenTtlSeconds * 1000,
    };
    this.access.set(token.token, token);
    return token;
  }

  issueRefreshToken(scopes: string[]): RefreshToken {
    const token: RefreshToken = {
      token: opaque('p^3#r^1#rt'),
      scopes,
      expiresAt: this.clock.now() + this.settings.refreshTokenTtlSeconds * 1000,
      revoked: false,
    };
    this.refresh.set(token.token, token);
    return token;
  }

  issueAppToken(scopes: string[]): AppToken {
    const token: AppToken = {
      kind: 'application',
      token: opaque('p^1#r^0'),
      scopes,
      expiresAt: this.clock.now() + this.settings.applicationTokenTtlSeconds * 1000,
    };
    this.access.set(token.token, token);
    return token;
  }

  /** A live access token (user or application), or undefined when unknown or expired. */
  lookup(token: string): UserToken | AppToken | undefined {
    const found = this.access.get(token);
    if (!found) return undefined;
    if (found.expiresAt <= this.clock.now()) return undefined;
    return found;
  }

  /** Revokes every refresh token and access token (as eBay does after account deletion). */
  revokeAll(): void {
    for (const rt of this.refresh.values()) rt.revoked = true;
    this.access.clear();
  }
}
