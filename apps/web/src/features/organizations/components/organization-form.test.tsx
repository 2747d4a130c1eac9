// @vitest-environment jsdom
import { organizationSchema } from '@stocksync/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { OrganizationForm } from './organization-form';

/** PATCH /v1/organizations/{id} answered with the organisation changed; returns what was sent. */
function answerUpdate() {
  const sent: Record<string, unknown>[] = [];
  apiServer.use(
    http.patch(`/v1/organizations/${testOrganization.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(organizationSchema.parse({ ...testOrganization, ...body }));
    }),
  );
  return sent;
}

function renderForm() {
  return renderScreen(<OrganizationForm organization={testOrganization} />, {
    path: '/$org/settings/organization',
    url: '/Acme/settings/organization',
  });
}

describe('low stock threshold in Settings → Organization (issue 22 item 3)', () => {
  it('shows the organisation’s threshold and saves a new one', async () => {
    const sent = answerUpdate();
    const { user } = renderForm();
    const field = await screen.findByLabelText('Low stock threshold');
    expect(field).toHaveValue(5);
    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ low_stock_threshold: 12, organizationName: 'Acme' });
    expect(await screen.findByText('Organization updated')).toBeVisible();
  });

  it.each([
    ['-1', 'Low stock threshold must be between 0 and 1,000,000'],
    ['2.5', 'Low stock threshold must be a whole number'],
    ['', 'Low stock threshold must be a whole number'],
  ])('refuses %j with the contract’s message and sends nothing', async (typed, message) => {
    const sent = answerUpdate();
    const { user } = renderForm();
    const field = await screen.findByLabelText('Low stock threshold');
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(sent).toHaveLength(0);
  });
});
