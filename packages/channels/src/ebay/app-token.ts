import type { FetchLike } from '../http/fetch';
import type { EbayConfig } from './config';
import { tokenRequest } from './oauth';

/**
 * The application access token (client credentials, base scope), kept until a minute before it
 * expires: getPublicKey and the Notification API's destination and config calls use it.
 */
export class AppTokenCache {
  private cached: { token: string; until: number } | undefined;

  constructor(
    private readonly config: EbayConfig,
    private readonly fetchFn: FetchLike,
    private readonly now: () => number,
  ) {}

  async get(): Promise<string> {
    if (this.cached && this.cached.until > this.now()) return this.cached.token;
    const token = await tokenRequest(this.config, this.fetchFn, {
      grant_type: 'client_credentials',
      scope: 'https://api.ebay.com/oauth/api_scope',
    });
    this.cached = { token: token.access_token, until: this.now() + (token.expires_in - 60) * 1000 };
    return token.access_token;
  }
}
