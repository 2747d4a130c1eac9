import { redirect } from '@tanstack/react-router';

const MAX_RETURN_PATH = 2000;

/**
 * The in-app path to return to after signing in, or undefined. Only a path of this site: it starts
 * with one "/" (not "//" or "/\", which browsers read as another host), has no control characters,
 * and is not an auth screen (signing in again would loop).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/\p{Cc}/u.test(value)) return undefined;
  if (value === '/' || value === '/auth' || value.startsWith('/auth/')) return undefined;
  return value;
}

/** Sends a signed-out visitor to sign-in, to come back to `href` (path, search and hash) after. */
export function signInRedirect(href: string) {
  const returnTo = safeReturnPath(href);
  return redirect({
    to: '/auth/login',
    search: returnTo ? { redirect: returnTo } : {},
    replace: true,
  });
}
