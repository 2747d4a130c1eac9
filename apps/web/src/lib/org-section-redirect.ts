import { redirect } from '@tanstack/react-router';
import { homeRedirect } from './home-redirect';
import { getSession, isLoggedIn, selectedOrganization } from './session';

type OrgSection =
  '/$org/inventory' | '/$org/dashboard' | '/$org/activity' | '/$org/settings/billing';

/** Redirects an org-less shortcut to the same section of the current (else first) organisation. */
export function orgSectionRedirect(to: OrgSection, search: Record<string, unknown>) {
  if (!isLoggedIn()) return redirect({ to: '/auth/login', replace: true });
  const org = selectedOrganization(getSession());
  if (!org?.name) return homeRedirect();
  // The target route validates the carried-over search parameters itself.
  return redirect({ to, params: { org: org.name }, search: search as never, replace: true });
}
