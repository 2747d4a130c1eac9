// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invitationMessages } from '@stocksync/contract';
import { apiServer } from '@/testing/api-server';
import { renderScreen } from '@/testing/render';
import { AcceptInvitation } from './accept-invitation';

const TOKEN = 'A'.repeat(43);
const route = { path: '/invitations/accept', url: `/invitations/accept?token=${TOKEN}` };

describe('the invitation screen, signed out', () => {
  it('says what the link is for and leads to sign-up or sign-in, coming back here', async () => {
    apiServer.use(
      http.post('/v1/invitations/preview', () =>
        HttpResponse.json({
          organization_name: 'Acme',
          email: 'ann@example.com',
          role: 'member',
          expires_at: '2026-01-08T00:00:00.000Z',
        }),
      ),
    );
    renderScreen(<AcceptInvitation token={TOKEN} />, route);
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    const back = encodeURIComponent(`/invitations/accept?token=${TOKEN}`);
    expect(
      screen.getByRole('link', { name: 'Create an account with ann@example.com' }),
    ).toHaveAttribute('href', `/auth/signup?redirect=${back}`);
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${back}`,
    );
  });

  it("shows the server's reason when the link cannot be used", async () => {
    apiServer.use(
      http.post('/v1/invitations/preview', () =>
        HttpResponse.json({ error: invitationMessages.expired, field: 'token' }, { status: 410 }),
      ),
    );
    renderScreen(<AcceptInvitation token={TOKEN} />, route);
    expect(await screen.findByRole('alert')).toHaveTextContent(invitationMessages.expired);
  });
});
