import { redirect } from '@tanstack/react-router';
import { getSession, isLoggedIn, selectedOrganization } from './session';

/**
 * Spec §2 "/": logged out → /auth/login; an unnamed first (or chosen) organisation → /onboard;
 * otherwise → /{orgName}/dashboard of the current organisation, else the first.
 */
export function homeRedirect() {
  if (!isLoggedIn()) return redirect({ to: '/auth/login', replace: true });
  const session = getSession();
  const first = session.account?.orgs[0];
  const chosen = selectedOrganization(session);
  if (!first?.name || !chosen?.name) return redirect({ to: '/onboard', replace: true });
  return redirect({ to: '/$org/dashboard', params: { org: chosen.name }, replace: true });
}

export function requireLogin() {
  if (!isLoggedIn()) throw redirect({ to: '/auth/login', replace: true });
}
