import { signRequest } from './sign';
import type { TiktokEmulator } from './index';
import type { Envelope } from './types';

/** A minimal signed TikTok Shop client for the tests (what the product's adapter does). */
export function client(tiktok: TiktokEmulator, base: string, token: () => string) {
  return async function call<T = unknown>(
    method: string,
    path: string,
    options: {
      query?: Record<string, string>;
      body?: unknown;
      shop?: boolean;
      tamper?: (url: URL) => void;
      rawBody?: string;
    } = {},
  ): Promise<{ status: number; body: Envelope<T> }> {
    const { settings } = tiktok;
    const query: Record<string, string> = {
      app_key: settings.appKey,
      timestamp: String(tiktok.clock.nowSeconds()),
      ...(options.shop === false ? {} : { shop_cipher: settings.shop.cipher }),
      ...options.query,
    };
    const text = options.body !== undefined ? JSON.stringify(options.body) : '';
    const sign = signRequest(settings.appSecret, path, query, text);
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries({ ...query, sign })) url.searchParams.set(k, v);
    options.tamper?.(url);
    const res = await fetch(url, {
      method,
      headers: {
        'x-tts-access-token': token(),
        ...(text ? { 'content-type': 'application/json' } : {}),
      },
      body: options.rawBody ?? (text || undefined),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
}
