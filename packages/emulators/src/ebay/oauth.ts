import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, sendError } from './errors';
import type { Quotas } from './quota';
import { EBAY_SCOPE_BASE, EBAY_SCOPES, type EbaySettings } from './settings';
import type { AppToken, TokenStore, UserToken } from './tokens';
import type {
  ApplicationTokenResponse,
  OAuthErrorResponse,
  RefreshedTokenResponse,
  UserTokenResponse,
} from './types';

export const CONSENT_PATH = '/oauth2/authorize';
export const TOKEN_PATH = '/identity/v1/oauth2/token';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const withQuery = (url: string, params: Record<string, string | undefined>) => {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
};

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply
    .code(status)
    .header('content-type', 'application/json')
    .header('cache-control', 'no-store')
    .send({ error, error_description: description } satisfies OAuthErrorResponse);

function consentPage(
  settings: EbaySettings,
  query: Record<string, string>,
  scopes: string[],
): string {
  const hidden = ['client_id', 'redirect_uri', 'response_type', 'state', 'scope']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
    .join('\n      ');
  const scopeList = scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>eBay (emulator) - Grant application access</title></head>
  <body>
    <h1>Grant application access: StockSync</h1>
    <p>Signed in as <strong id="ebay-username">${escapeHtml(settings.account.username)}</strong> (emulated eBay).</p>
    <p>StockSync is requesting access to your eBay account:</p>
    <ul id="scopes">${scopeList}</ul>
    <form method="post" action="${CONSENT_PATH}">
      ${hidden}
      <button type="submit" name="decision" value="agree" id="agree">Agree</button>
      <button type="submit" name="decision" value="decline" id="decline">Not now</button>
    </form>
  </body>
</html>`;
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><body><h1>Authorization error</h1><p id="error">${escapeHtml(message)}</p></body></html>`,
    );
}

/** Validates the consent request; answers the scopes or an error message. */
function checkConsent(settings: EbaySettings, q: Record<string, string>): string[] | string {
  if (q.client_id !== settings.clientId) return 'invalid_client: unknown client_id';
  if (q.redirect_uri !== settings.ruName)
    return 'invalid_request: redirect_uri must be the RuName of this application';
  if (q.response_type !== 'code') return 'unsupported_response_type: response_type must be code';
  const scopes = (q.scope ?? '').split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return 'invalid_scope: scope is required';
  const known = new Set<string>(EBAY_SCOPES);
  const unknown = scopes.find((s) => !known.has(s));
  if (unknown) return `invalid_scope: ${unknown}`;
  return scopes;
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerOAuth(
  app: FastifyInstance,
  deps: { settings: EbaySettings; tokens: TokenStore; quotas: Quotas; now: () => number },
): void {
  const { settings, tokens, quotas } = deps;

  app.get(CONSENT_PATH, async (request, reply) => {
    const q = request.query as Record<string, string>;
    const scopes = checkConsent(settings, q);
    if (typeof scopes === 'string') return errorPage(reply, scopes);
    return reply.type('text/html; charset=utf-8').send(consentPage(settings, q, scopes));
  });

  app.post(CONSENT_PATH, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<
      string,
      string
    >;
    const scopes = checkConsent(settings, body);
    if (typeof scopes === 'string') return errorPage(reply, scopes);
    if (body.decision !== 'agree') {
      return reply.redirect(withQuery(settings.declineUrl, { state: body.state }), 302);
    }
    const code = tokens.issueCode(scopes);
    return reply.redirect(
      withQuery(settings.acceptUrl, {
        state: body.state,
        code: code.code,
        expires_in: settings.redirectIncludesExpiresIn
          ? String(settings.authCodeTtlSeconds)
          : undefined,
      }),
      302,
    );
  });

  app.post(TOKEN_PATH, async (request, reply) => {
    const client = parseBasic(request.headers.authorization);
    if (!client || client.id !== settings.clientId || client.secret !== settings.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'client authentication failed');
    }
    if (!(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      return oauthError(
        reply,
        400,
        'invalid_request',
        'request is missing a required parameter or malformed',
      );
    }
    const body = (request.body ?? {}) as Record<string, string>;
    const now = deps.now();
    switch (body.grant_type) {
      case 'authorization_code': {
        if (!quotas.take('oauth.authorization_code'))
          return sendError(reply, 429, [errors.tooManyRequests()]);
        if (!body.code || !body.redirect_uri) {
          return oauthError(
            reply,
            400,
            'invalid_request',
            'request is missing a required parameter or malformed',
          );
        }
        if (body.redirect_uri !== settings.ruName) {
          return oauthError(reply, 400, 'invalid_request', 'redirect_uri is invalid');
        }
        const code = tokens.codes.get(body.code);
        if (!code || code.used || code.expiresAt <= now) {
          // A reused code also ends the grant it produced, as RFC 6749 §4.1.2 recommends.
          return oauthError(
            reply,
            400,
            'invalid_grant',
            'the provided authorization grant code is invalid or was issued to another client',
          );
        }
        code.used = true;
        const access = tokens.issueUserToken(code.scopes);
        const refresh = tokens.issueRefreshToken(code.scopes);
        const answer: UserTokenResponse = {
          access_token: access.token,
          expires_in: settings.accessTokenTtlSeconds,
          refresh_token: refresh.token,
          refresh_token_expires_in: settings.refreshTokenTtlSeconds,
          token_type: 'User Access Token',
        };
        return reply.header('cache-control', 'no-store').send(answer);
      }
      case 'refresh_token': {
        if (!quotas.take('oauth.refresh_token'))
          return sendError(reply, 429, [errors.tooManyRequests()]);
        if (!body.refresh_token) {
          return oauthError(
            reply,
            400,
            'invalid_request',
            'request is missing a required parameter or malformed',
          );
        }
        const rt = tokens.refresh.get(body.refresh_token);
        if (!rt || rt.revoked || rt.expiresAt <= now) {
          return oauthError(
            reply,
            400,
            'invalid_grant',
            'the provided authorization refresh token is invalid or was issued to another client',
          );
        }
        let scopes = rt.scopes;
        if (body.scope) {
          const asked = body.scope.split(/\s+/).filter(Boolean);
          const granted = new Set(rt.scopes);
          if (asked.some((s) => !granted.has(s))) {
            return oauthError(
              reply,
              400,
              'invalid_scope',
              'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
            );
          }
          scopes = asked;
        }
        const access = tokens.issueUserToken(scopes);
        const answer: RefreshedTokenResponse = {
          access_token: access.token,
          expires_in: settings.accessTokenTtlSeconds,
          token_type: 'User Access Token',
        };
        return reply.header('cache-control', 'no-store').send(answer);
      }
      case 'client_credentials': {
        if (!quotas.take('oauth.client_credentials'))
          return sendError(reply, 429, [errors.tooManyRequests()]);
        const scopes = (body.scope ?? EBAY_SCOPE_BASE).split(/\s+/).filter(Boolean);
        const access = tokens.issueAppToken(scopes);
        const answer: ApplicationTokenResponse = {
          access_token: access.token,
          expires_in: settings.applicationTokenTtlSeconds,
          token_type: 'Application Access Token',
        };
        return reply.header('cache-control', 'no-store').send(answer);
      }
      default:
        return oauthError(
          reply,
          400,
          'unsupported_grant_type',
          'grant type in request is not supported by the authorization server',
        );
    }
  });
}

/**
 * Checks `Authorization: Bearer` for a REST call. `anyOf` lists acceptable scope suffixes (e.g.
 * 'sell.inventory' or 'sell.inventory.readonly'); `user` requires a user token, `application` an
 * application token (client credentials). Sends the eBay error and answers undefined when the call
 * may not proceed.
 */
export function authenticate(
  tokens: TokenStore,
  request: FastifyRequest,
  reply: FastifyReply,
  need: { anyOf: string[]; user: boolean; application?: boolean },
): UserToken | AppToken | undefined {
  const header = request.headers.authorization;
  const value = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const token = value ? tokens.lookup(value) : undefined;
  if (!token) {
    void sendError(reply, 401, [errors.invalidToken()]);
    return undefined;
  }
  const allowed = need.anyOf.map((s) => (s === '' ? EBAY_SCOPE_BASE : `${EBAY_SCOPE_BASE}/${s}`));
  if (
    (need.user && token.kind !== 'user') ||
    (need.application && token.kind !== 'application') ||
    !token.scopes.some((s) => allowed.includes(s))
  ) {
    void sendError(reply, 403, [errors.insufficientScope()]);
    return undefined;
  }
  return token;
}
