import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok } from './envelope';
import type { TiktokSettings } from './settings';
import type { TiktokTokens } from './tokens';

export const AUTHORIZE_PATHS = ['/oauth/authorize', '/open/authorize'] as const;
export const TOKEN_GET_PATH = '/api/v2/token/get';
export const TOKEN_REFRESH_PATH = '/api/v2/token/refresh';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Redirect URL with the code (or an error) and state appended. */
export function redirectWith(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

function page(settings: TiktokSettings, path: string, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>TikTok Shop (emulator) - Authorize</title></head>
  <body>
    <h1>Authorize StockSync</h1>
    <p>Shop: <strong id="shop-name">${escapeHtml(settings.shop.name)}</strong> (${escapeHtml(settings.shop.region)}, emulated TikTok Shop)</p>
    <ul id="scopes">${settings.grantedScopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
    <form method="post" action="${path}">
      ${hidden}
      <button type="submit" name="decision" value="authorize" id="authorize">Authorize</button>
      <button type="submit" name="decision" value="cancel" id="cancel">Cancel</button>
    </form>
  </body>
</html>`;
}

const input = (request: FastifyRequest): Record<string, string> => {
  const query = request.query as Record<string, string>;
  const body =
    typeof request.body === 'object' && request.body
      ? (request.body as Record<string, unknown>)
      : {};
  const out: Record<string, string> = { ...query };
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
};

export function registerAuth(
  app: FastifyInstance,
  deps: { settings: TiktokSettings; tokens: TiktokTokens },
): void {
  const { settings, tokens } = deps;

  const identify = (path: string, q: Record<string, string>) =>
    path === '/open/authorize'
      ? q.service_id === settings.serviceId
      : q.app_key === settings.appKey;

  for (const path of AUTHORIZE_PATHS) {
    app.get(path, async (request, reply) => {
      const q = request.query as Record<string, string>;
      if (!identify(path, q)) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send('<!doctype html><p id="error">Invalid app: unknown app_key or service_id</p>');
      }
      const fields: Record<string, string> = { state: q.state ?? '' };
      if (path === '/open/authorize') fields.service_id = q.service_id ?? '';
      else fields.app_key = q.app_key ?? '';
      return reply.type('text/html; charset=utf-8').send(page(settings, path, fields));
    });

    app.post(path, async (request, reply) => {
      const body = input(request);
      if (!identify(path, body)) return reply.code(400).send('Invalid app');
      const state = body.state || undefined;
      if (body.decision !== 'authorize') {
        return reply.redirect(
          redirectWith(settings.redirectUrl, { error: 'access_denied', state }),
          302,
        );
      }
      const code = tokens.issueCode();
      return reply.redirect(
        redirectWith(settings.redirectUrl, { [settings.redirectCodeParam]: code, state }),
        302,
      );
    });
  }

  const checkApp = (q: Record<string, string>, reply: FastifyReply) => {
    if (q.app_key !== settings.appKey || q.app_secret !== settings.appSecret) {
      void fail(reply, settings.errorCodes.invalidAppCredentials);
      return false;
    }
    return true;
  };

  const tokenGet = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = input(request);
    if (!checkApp(q, reply)) return reply;
    if (q.grant_type !== 'authorized_code' || !q.auth_code) {
      return fail(
        reply,
        settings.errorCodes.invalidParameter,
        'grant_type must be authorized_code and auth_code is required.',
      );
    }
    const data = tokens.redeemCode(q.auth_code);
    if (!data) return fail(reply, settings.errorCodes.invalidAuthCode);
    return ok(reply, data, 'success');
  };

  const tokenRefresh = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = input(request);
    if (!checkApp(q, reply)) return reply;
    if (q.grant_type !== 'refresh_token' || !q.refresh_token) {
      return fail(
        reply,
        settings.errorCodes.invalidParameter,
        'grant_type must be refresh_token and refresh_token is required.',
      );
    }
    const data = tokens.refreshWith(q.refresh_token);
    if (!data) return fail(reply, settings.errorCodes.invalidRefreshToken);
    return ok(reply, data, 'success');
  };

  app.get(TOKEN_GET_PATH, tokenGet);
  app.post(TOKEN_GET_PATH, tokenGet);
  app.get(TOKEN_REFRESH_PATH, tokenRefresh);
  app.post(TOKEN_REFRESH_PATH, tokenRefresh);
}
