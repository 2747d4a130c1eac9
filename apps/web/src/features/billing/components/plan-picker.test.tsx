// @vitest-environment jsdom
import {
  ORGANIZATION_HEADER,
  plansResponseSchema,
  shopSessionsResponseSchema,
  subscriptionSchema,
  type Subscription,
} from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { emptyBillingData } from '../api/load-billing';
import { billingSearchSchema } from '../billing-search';
import { BillingScreen } from './billing-screen';

const organization = testOrganization;

const limits = (accounts: number | null, products: number | null) => ({
  connected_accounts: accounts,
  synced_products: products,
  members: accounts,
});
const plans = plansResponseSchema.parse({
  plans: [
    {
      code: 'starter',
      name: 'Starter',
      price: '19.00',
      currency: 'GBP',
      prices: { USD: '19.00', GBP: '19.00', EUR: '19.00' },
      limits: limits(1, 500),
    },
    {
      code: 'growth',
      name: 'Growth',
      price: '49.00',
      currency: 'GBP',
      prices: { USD: '49.00', GBP: '49.00', EUR: '49.00' },
      limits: limits(3, 5000),
    },
    {
      code: 'pro',
      name: 'Pro',
      price: '99.00',
      currency: 'GBP',
      prices: { USD: '99.00', GBP: '99.00', EUR: '99.00' },
      limits: limits(null, null),
    },
  ],
});

const trial = subscriptionSchema.parse({
  provider: null,
  status: 'trialing',
  plan: null,
  trial_end: null,
  current_period_end: null,
  cancel_at_period_end: false,
  is_gated: false,
  usage: { connected_accounts: 1, synced_products: 20, members: 1 },
});

const onPlan = (provider: 'STRIPE' | 'SHOPIFY', code: 'growth'): Subscription => ({
  ...trial,
  provider,
  status: 'active',
  plan: { code, name: 'Growth' },
  current_period_end: '2099-01-01T00:00:00.000Z',
});

const shopifyStore = shopSessionsResponseSchema.parse({
  sessions: [
    {
      pc_id: '00000000-0000-4000-8000-0000000000cc',
      shop: 'acme.myshopify.com',
      alias: 'acme',
      status: 'active',
    },
  ],
});

/** Same document, another fragment: jsdom can follow it, so the redirect is observable. */
const PROVIDER_PAGE = `${window.location.origin}/#provider-page`;

type Billing = {
  subscription?: Subscription;
  sessions?: typeof shopifyStore;
  plansStatus?: number;
};

/** The billing reads of spec §7, answered as the API does; returns the bodies posted to it. */
function answerBilling({
  subscription = trial,
  sessions = { sessions: [] },
  plansStatus,
}: Billing) {
  const posted: { path: string; body: unknown; org: string | null }[] = [];
  const record = async (request: Request) => {
    posted.push({
      path: new URL(request.url).pathname,
      body: await request.json(),
      org: request.headers.get(ORGANIZATION_HEADER),
    });
    return HttpResponse.json({ url: PROVIDER_PAGE });
  };
  apiServer.use(
    http.get('/v1/users/subscription', () => HttpResponse.json({ subscription })),
    http.get('/v1/subscriptions/plans', () =>
      plansStatus
        ? HttpResponse.json({ error: 'Plans are down' }, { status: plansStatus })
        : HttpResponse.json(plans),
    ),
    http.get('/v1/subscriptions/shopify/sessions', () => HttpResponse.json(sessions)),
    http.get('/v1/subscriptions/gated', () => HttpResponse.json({ is_gated: false })),
    http.post('/v1/subscriptions/stripe/checkout', ({ request }) => record(request)),
    http.post('/v1/subscriptions/shopify/reconnect', ({ request }) => record(request)),
  );
  return posted;
}

/** `initial` is what the route's loader read; empty when its reads failed (spec §7). */
function renderBilling(url = '/Acme/settings/billing', initial = emptyBillingData) {
  window.location.hash = '';
  return renderScreen(<BillingScreen organization={organization} initial={initial} />, {
    path: '/$org/settings/billing',
    url,
    validateSearch: billingSearchSchema.parse,
  });
}

const planOption = (name: RegExp) => screen.getByRole('radio', { name });

describe('plan picker', () => {
  it('lists every plan with its monthly price and limits', async () => {
    answerBilling({});
    renderBilling();
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeVisible();
    const growth = planOption(/^Growth/).closest('label')!;
    expect(growth).toHaveTextContent('£49.00 / month');
    expect(growth).toHaveTextContent('3 connected accounts');
    expect(growth).toHaveTextContent('5,000 synced products');
    expect(planOption(/^Pro/).closest('label')).toHaveTextContent('Unlimited synced products');
  });

  it('sends the chosen plan to Stripe checkout and takes the seller to the page it answers', async () => {
    const posted = answerBilling({});
    const { user } = renderBilling();
    await screen.findByRole('heading', { name: 'Choose a plan' });
    // The first plan is chosen until the seller picks another.
    expect(planOption(/^Starter/)).toBeChecked();
    await user.click(planOption(/^Growth/));
    const submit = screen.getByRole('button', { name: 'Continue to checkout' });
    await user.click(submit);

    await waitFor(() => expect(window.location.hash).toBe('#provider-page'));
    expect(posted).toEqual([
      { path: '/v1/subscriptions/stripe/checkout', body: { plan: 'growth' }, org: organization.id },
    ]);
    // No second checkout while the browser leaves.
    expect(submit).toBeDisabled();
  });

  it('offers Shopify billing when a Shopify store is connected, and starts it there', async () => {
    const posted = answerBilling({ sessions: shopifyStore });
    const { user } = renderBilling();
    const shopify = await screen.findByRole('radio', {
      name: 'Shopify billing (acme.myshopify.com)',
    });
    expect(screen.getByRole('radio', { name: 'Card (Stripe)' })).toBeChecked();
    await user.click(shopify);
    await user.click(planOption(/^Pro/));
    await user.click(screen.getByRole('button', { name: 'Continue to Shopify' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/v1/subscriptions/shopify/reconnect',
      body: { plan: 'pro' },
      org: organization.id,
    });
  });

  it.each([
    ['the billing reads succeeded', true],
    ['the Shopify stores arrive after the screen opened', false],
  ])(
    'starts with Shopify billing chosen when the seller came from Shopify (%s)',
    async (_, loaded) => {
      answerBilling({ sessions: shopifyStore });
      const initial = loaded
        ? {
            ...emptyBillingData,
            subscription: trial,
            plans: plans.plans,
            sessions: shopifyStore.sessions,
          }
        : emptyBillingData;
      renderBilling('/Acme/settings/billing?provider=SHOPIFY', initial);
      expect(
        await screen.findByRole('radio', { name: 'Shopify billing (acme.myshopify.com)' }),
      ).toBeChecked();
      expect(screen.getByRole('button', { name: 'Continue to Shopify' })).toBeEnabled();
    },
  );

  it('sends a seller billed by Stripe to the portal instead of a second checkout', async () => {
    answerBilling({ subscription: onPlan('STRIPE', 'growth') });
    renderBilling();
    expect(await screen.findByText('To change plan, use Manage subscription above.')).toBeVisible();
    const plansCard = screen.getByRole('group', { name: 'Plan' });
    expect(within(plansCard).queryAllByRole('radio')).toHaveLength(0);
    expect(within(plansCard).getByText('Current')).toBeVisible();
    expect(screen.queryByRole('button', { name: /checkout/i })).not.toBeInTheDocument();
  });

  it('lets a seller billed by Shopify change only to another plan', async () => {
    const posted = answerBilling({ subscription: onPlan('SHOPIFY', 'growth') });
    const { user } = renderBilling();
    const submit = await screen.findByRole('button', { name: 'Change plan on Shopify' });
    expect(planOption(/^Growth/)).toBeDisabled();
    expect(submit).toBeDisabled();
    await user.click(planOption(/^Starter/));
    await user.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: '/v1/subscriptions/shopify/reconnect',
      body: { plan: 'starter' },
    });
  });

  it('says the plans could not be loaded, and shows them after Try again', async () => {
    answerBilling({ plansStatus: 503 });
    const { user } = renderBilling();
    const alert = await screen.findByRole('alert', {
      name: 'Some billing details could not be loaded',
    });
    expect(alert).toHaveTextContent('error fetching subscription plans');
    expect(screen.getByText('The plans could not be loaded. Try again in a moment.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();

    answerBilling({});
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    expect(screen.queryByRole('alert', { name: /could not be loaded/ })).not.toBeInTheDocument();
  });

  it('shows why a checkout could not be started and lets the seller try again', async () => {
    answerBilling({});
    apiServer.use(
      http.post('/v1/subscriptions/stripe/checkout', () =>
        HttpResponse.json(
          { error: 'Card payments are not configured on this server' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderBilling();
    const submit = await screen.findByRole('button', { name: 'Continue to checkout' });
    await user.click(submit);
    expect(await screen.findByText('Checkout could not be started')).toBeVisible();
    expect(screen.getByText('Card payments are not configured on this server')).toBeVisible();
    expect(submit).toBeEnabled();
    expect(window.location.hash).toBe('');
  });
});
