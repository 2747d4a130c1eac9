import { randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock';
import type { TiktokSettings } from './settings';
import type { TokenData } from './types';

interface Grant {
  value: string;
  expiresAt: number;
  used?: boolean;
}

const opaque = (prefix: string) => `${prefix}${randomBytes(36).toString('base64url')}`;

/** Auth codes, access tokens and refresh tokens of the one emulated seller. */
export class TiktokTokens {
  readonly codes = new Map<string, Grant>();
  readonly access = new Map<string, Grant>();
  readonly refresh = new Map<string, Grant>();

  constructor(
    private readonly settings: TiktokSettings,
    private readonly clock: Clock,
  ) {}

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  issueCode(): string {
    const value = opaque('ROW_code_');
    this.codes.set(value, {
      value,
      expiresAt: this.clock.now() + this.settings.authCodeTtlSeconds * 1000,
    });
    return value;
  }

  /** Redeems an auth code once; undefined when unknown, used or expired. */
  redeemCode(code: string): TokenData | undefined {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.expiresAt <= this.clock.now()) return undefined;
    grant.used = true;
    return this.issue();
  }

  refreshWith(refreshToken: string): TokenData | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.expiresAt <= this.clock.now()) return undefined;
    return this.issue(this.settings.rotateRefreshToken ? undefined : grant);
  }

  /** 'valid' | 'expired' | 'unknown' for an access token. */
  check(token: string): 'valid' | 'expired' | 'unknown' {
    const grant = this.access.get(token);
    if (!grant) return 'unknown';
    return grant.expiresAt > this.clock.now() ? 'valid' : 'expired';
  }

  private issue(keepRefresh?: Grant): TokenData {
    const now = this.clock.now();
    const access: Grant = {
      value: opaque('ROW_'),
      expiresAt: now + this.settings.accessTokenTtlSeconds * 1000,
    };
    this.access.set(access.value, access);
    const refresh = keepRefresh ?? {
      value: opaque('ROW_r_'),
      expiresAt: now + this.settings.refreshTokenTtlSeconds * 1000,
    };
    this.refresh.set(refresh.value, refresh);
    const { seller } = this.settings;
    return {
      access_token: access.value,
      access_token_expire_in: Math.floor(access.expiresAt / 1000),
      refresh_token: refresh.value,
      refresh_token_expire_in: Math.floor(refresh.expiresAt / 1000),
      open_id: seller.openId,
      seller_name: seller.sellerName,
      seller_base_region: seller.sellerBaseRegion,
      user_type: seller.userType,
      granted_scopes: [...this.settings.grantedScopes],
    };
  }
}
