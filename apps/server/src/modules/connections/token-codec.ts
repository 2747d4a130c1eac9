import type { ChannelCredentials } from '@stocksync/channels';
import { decrypt, encrypt } from '../../lib/crypto';
import type { ConnectionRow } from './repository';

/** The token columns of a connection, tokens encrypted. */
export interface TokenColumns {
  access_token_enc: string;
  refresh_token_enc: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expiry: Date | null;
  scopes: string[];
}

export function tokenColumns(credentials: ChannelCredentials, key: Buffer): TokenColumns {
  return {
    access_token_enc: encrypt(credentials.accessToken, key),
    refresh_token_enc: credentials.refreshToken ? encrypt(credentials.refreshToken, key) : null,
    access_token_expires_at: credentials.expiresAt ? new Date(credentials.expiresAt) : null,
    refresh_token_expiry: credentials.refreshTokenExpiresAt
      ? new Date(credentials.refreshTokenExpiresAt)
      : null,
    scopes: credentials.scopes ?? [],
  };
}

/** The credentials an adapter calls with; the row must hold an access token. */
export function decodeCredentials(
  row: ConnectionRow & { access_token_enc: string },
  key: Buffer,
): ChannelCredentials {
  return {
    accessToken: decrypt(row.access_token_enc, key),
    ...(row.refresh_token_enc ? { refreshToken: decrypt(row.refresh_token_enc, key) } : {}),
    ...(row.access_token_expires_at ? { expiresAt: row.access_token_expires_at.getTime() } : {}),
    ...(row.refresh_token_expiry
      ? { refreshTokenExpiresAt: row.refresh_token_expiry.getTime() }
      : {}),
    scopes: row.scopes,
    ...(row.shop_domain ? { shop: row.shop_domain } : {}),
    ...(row.tiktok_shop_cipher ? { shopCipher: row.tiktok_shop_cipher } : {}),
    ...(row.tiktok_shop_id ? { shopId: row.tiktok_shop_id } : {}),
    ...(row.external_account_id ? { accountId: row.external_account_id } : {}),
    ...(row.username ? { accountName: row.username } : {}),
  };
}
