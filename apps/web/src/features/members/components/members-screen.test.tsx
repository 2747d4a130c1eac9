// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '@stocksync/contract';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { MembersScreen } from './members-screen';

const ORG = testOrganization.id;
const members = [
  { user_id: '00000000-0000-4000-8000-000000000001', email: 'owner@example.com', role: 'owner' },
  { user_id: '00000000-0000-4000-8000-000000000002', email: 'ann@example.com', role: 'member' },
].map((m) => ({ ...m, joined_at: '2026-01-01T00:00:00.000Z' }));

function answer() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    });
  };
  apiServer.use(
    http.get(`/v1/organizations/${ORG}/members`, () => HttpResponse.json({ members })),
    http.get(`/v1/organizations/${ORG}/invitations`, () =>
      HttpResponse.json({
        invitations: [
          {
            id: '00000000-0000-4000-8000-0000000000c1',
            email: 'bob@example.com',
            role: 'viewer',
            invited_by_email: 'owner@example.com',
            created_at: '2026-01-01T00:00:00.000Z',
            expires_at: '2026-01-08T00:00:00.000Z',
            expired: false,
          },
        ],
      }),
    ),
    http.post(`/v1/organizations/${ORG}/invitations`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({}, { status: 201 });
    }),
    http.delete(`/v1/organizations/${ORG}/invitations/:id`, async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(`/v1/organizations/${ORG}/members/:userId`, async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const renderAs = (role: Role) =>
  renderScreen(<MembersScreen organization={{ ...testOrganization, role }} />, {
    path: '/$org/settings/members',
    url: '/Acme/settings/members',
  });

describe('Settings → Members', () => {
  it('lets an admin invite, change a role, resend and revoke', async () => {
    const sent = answer();
    const { user } = renderAs('admin');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: `/v1/organizations/${ORG}/invitations`,
        body: { email: 'new@example.com', role: 'viewer' },
      }),
    );
    await user.selectOptions(screen.getByLabelText('Role of ann@example.com'), 'admin');
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    await user.click(within(pending).getByRole('button', { name: 'Resend' }));
    await user.click(within(pending).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.map((s) => s.method)).toEqual(['POST', 'PATCH', 'POST', 'DELETE']);
    expect(sent[1]!.body).toEqual({ role: 'admin' });
    expect(sent[2]!.body).toEqual({ email: 'bob@example.com', role: 'viewer' });
  });

  it('shows a viewer the members and says why they cannot manage or invite', async () => {
    answer();
    renderAs('viewer');
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Role of ann@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(
      screen.getByText('Inviting members: only admins and the owner can do this.'),
    ).toBeInTheDocument();
  });
});
