// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Organization } from '@/lib/api-types';
import { getSession } from '@/lib/session';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { signInAs } from '@/testing/session';
import { followMembership } from './membership-refresh';

const ORG = testOrganization.id;
const elsewhere = {
  ...testOrganization,
  id: '00000000-0000-4000-8000-0000000000ab',
  name: 'Other',
};

/** GET /v1/users/me answers the user in `orgs`. */
function answerMe(orgs: Organization[]) {
  apiServer.use(
    http.get('/v1/users/me', () =>
      HttpResponse.json({ id: '00000000-0000-4000-8000-0000000000f1', email: 'me@x.com', orgs }),
    ),
  );
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
  for (const key of [
    ['members', ORG],
    ['invitations', ORG],
    ['organizations', 'list'],
    ['products', ORG, 'list', { page: 1 }],
  ]) {
    client.setQueryData(key, { seeded: true });
  }
  render(<Toaster />);
});

const stale = () =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => String(query.queryKey[0]))
    .sort();

/** The screens' part, counted. */
function screens() {
  const done = { refreshed: 0, left: 0 };
  return {
    done,
    refresh: async () => (done.refreshed += 1),
    leave: async () => (done.left += 1),
  };
}

describe("following a change of the user's own membership (issue 24)", () => {
  it('reads the user again: the stored role follows, the member and organisation lists refetch', async () => {
    signInAs('member');
    answerMe([{ ...testOrganization, role: 'viewer' }]);
    const on = screens();
    await followMembership(client, ORG, on);
    expect(getSession().account?.orgs).toEqual([{ ...testOrganization, role: 'viewer' }]);
    expect(stale()).toEqual(['invitations', 'members', 'organizations']);
    expect(on.done).toEqual({ refreshed: 1, left: 0 });
    expect(await screen.findByText('Your role in Acme is now viewer')).toBeInTheDocument();
  });

  it('tells a removed member they no longer have access and leaves the organisation', async () => {
    signInAs('member');
    answerMe([elsewhere]);
    const on = screens();
    await followMembership(client, ORG, on);
    expect(getSession().account?.orgs.map((org) => org.name)).toEqual(['Other']);
    expect(on.done).toEqual({ refreshed: 0, left: 1 });
    expect(await screen.findByText('You no longer have access to Acme')).toBeInTheDocument();
  });
});
