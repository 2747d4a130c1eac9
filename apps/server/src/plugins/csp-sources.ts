import crypto from 'node:crypto';

/** 'sha256-…' sources for the inline scripts of an HTML page, so the CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** PostHog serves its lazily loaded scripts from "<region>-assets.i.posthog.com". */
export function posthogAssetsOrigin(host: string): string | undefined {
  const url = new URL(host);
  const match = /^([a-z0-9-]+)\.i\.posthog\.com$/.exec(url.hostname);
  return match ? `https://${match[1]}-assets.i.posthog.com` : undefined;
}
