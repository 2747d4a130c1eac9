import { onTestFinished } from 'vitest';
import type { Role } from '@stocksync/contract';
import { clearSession, setCurrentOrg, startSession } from '@/lib/session';
import { testOrganization } from './organization';

/**
 * Signs the running test in as a member of `organization` with `role`, the session the role
 * matrix's controls read (lib/roles.ts); signed out again when the test ends.
 */
export function signInAs(role: Role, organization = testOrganization) {
  startSession('test-access-token', {
    id: '00000000-0000-4000-8000-0000000000f1',
    email: `${role}@example.com`,
    orgs: [{ ...organization, role }],
  });
  setCurrentOrg(organization.id);
  onTestFinished(() => clearSession());
}
