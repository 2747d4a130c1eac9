import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_COOKIES,
  authMessages,
  emailSchema,
  errorResponseSchema,
  requestCodeBodySchema,
  requestCodeResponseSchema,
  verifyBodySchema,
  verifyResponseSchema,
} from '@stocksync/contract';
import { badRequest } from '../../lib/errors';
import { bearerToken } from '../../plugins/auth';
import { clearRefreshCookie, setRefreshCookie, type CookiePolicy } from '../../plugins/cookies';
import {
  clearPendingEmailCookie,
  setKnownBrowserCookie,
  setPendingEmailCookie,
} from '../../plugins/sign-in-cookies';
import type { Analytics } from '../../lib/observability';
import type { AuthService } from './service';
import type { CodePurpose } from './mail-templates';

const errors = { 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema };
/** Verify tries per IP per window, on top of the 5 tries each code allows. */
export const DEFAULT_VERIFY_LIMIT_PER_IP = 30;
const VERIFY_WINDOW_MS = 15 * 60 * 1000;

export function authRoutes(
  auth: AuthService,
  policy: CookiePolicy,
  analytics: Analytics,
  verifyLimitPerIp = DEFAULT_VERIFY_LIMIT_PER_IP,
): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, purpose] of [
      ['/v1/auth/signup', 'signup'],
      ['/v1/auth/login', 'login'],
    ] as const satisfies readonly (readonly [string, CodePurpose])[]) {
      app.post(
        path,
        {
          schema: {
            tags: ['auth'],
            summary: purpose === 'signup' ? 'Mail a sign-up code' : 'Mail a sign-in code',
            description: 'The answer is the same whether or not the address has an account.',
            body: requestCodeBodySchema,
            response: { 200: requestCodeResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const { email } = request.body;
          const knownBrowser = auth.isKnownBrowser(
            email,
            request.cookies[AUTH_COOKIES.knownBrowser],
          );
          await auth.requestCode(email, purpose, request.ip, knownBrowser);
          setPendingEmailCookie(reply, request.body.email, policy);
          return { ok: true as const, message: authMessages.codeSent };
        },
      );
    }

    app.post(
      '/v1/auth/verify',
      {
        config: { rateLimit: { max: verifyLimitPerIp, timeWindow: VERIFY_WINDOW_MS } },
        schema: {
          tags: ['auth'],
          summary: 'Exchange a mailed code for an access token and a refresh cookie',
          description:
            'The address comes from the pending_email cookie set by signup/login, or from the body.',
          body: verifyBodySchema,
          response: { 200: verifyResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const fromCookie = request.cookies[AUTH_COOKIES.pendingEmail];
        const unsigned = fromCookie ? request.unsignCookie(fromCookie) : undefined;
        const cookieEmail =
          unsigned?.valid && unsigned.value ? emailSchema.safeParse(unsigned.value) : undefined;
        const email = request.body.email ?? (cookieEmail?.success ? cookieEmail.data : undefined);
        if (!email) throw badRequest(authMessages.emailRequired, 'email');
        const signedIn = await auth.verify(email, request.body.code, request.body.invitation);
        setRefreshCookie(reply, signedIn.refreshToken, policy);
        setKnownBrowserCookie(reply, auth.knownBrowserMark(email), policy);
        clearPendingEmailCookie(reply, policy);
        analytics.capture(
          signedIn.user.id,
          signedIn.isNewUser ? 'user signed up' : 'user signed in',
        );
        return { error: '' as const, access_token: signedIn.accessToken, user: signedIn.user };
      },
    );

    app.post(
      '/v1/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Revoke the session and clear the auth cookies',
        },
      },
      async (request, reply) => {
        await auth.logout({
          bearer: bearerToken(request),
          refreshToken: request.cookies[AUTH_COOKIES.refreshToken],
        });
        clearRefreshCookie(reply, policy);
        clearPendingEmailCookie(reply, policy);
        return reply.status(204).send();
      },
    );
  };
}
