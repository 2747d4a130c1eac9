import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './billing-keys';
import type { PlanCode, RedirectResponse, SubscriptionResponse } from './types';

/** A subscription change alters the gate and what the screens may explain. */
export function invalidateBilling(queryClient: QueryClient, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: billingKeys.all(orgId) });
}

/** Keeps the answer of a sync as the subscription, then refreshes the rest (gate, usage). */
function useSubscriptionWrite<Input extends { orgId: string }>(
  mutationFn: (input: Input) => Promise<SubscriptionResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (body, { orgId }) => {
      queryClient.setQueryData(billingKeys.subscription(orgId), body);
      queryClient.setQueryData(billingKeys.gate(orgId), { is_gated: body.subscription.is_gated });
    },
    onSettled: (_body, _error, { orgId }) => invalidateBilling(queryClient, orgId),
  });
}

/** A call answering {url} of a provider page the browser is sent to. */
function useRedirectTo<Input>(mutationFn: (input: Input) => Promise<RedirectResponse>) {
  return useMutation({
    mutationFn,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export type PlanInput = { orgId: string; plan: PlanCode };

/** POST /v1/subscriptions/stripe/checkout {plan} → {url} of Stripe Checkout. */
export function startStripeCheckout({ orgId, plan }: PlanInput) {
  return apiRequest<RedirectResponse>('/subscriptions/stripe/checkout', {
    method: 'POST',
    orgId,
    body: { plan },
  });
}

/** POST /v1/subscriptions/stripe/portal → {url} of Stripe's customer portal. */
export function openStripePortal({ orgId }: { orgId: string }) {
  return apiRequest<RedirectResponse>('/subscriptions/stripe/portal', { method: 'POST', orgId });
}

/** POST /v1/subscriptions/shopify/reconnect {plan} → {url} of Shopify's confirmation page. */
export function startShopifyBilling({ orgId, plan }: PlanInput) {
  return apiRequest<RedirectResponse>('/subscriptions/shopify/reconnect', {
    method: 'POST',
    orgId,
    body: { plan },
  });
}

/** POST /v1/subscriptions/stripe/sync: reads the subscription from Stripe after checkout. */
export function syncStripe({ orgId }: { orgId: string }) {
  return apiRequest<SubscriptionResponse>('/subscriptions/stripe/sync', { method: 'POST', orgId });
}

/** POST /v1/subscriptions/shopify/sync {shopify_sub?}: reads it from Shopify after confirming. */
export function syncShopify({ orgId, shopifySub }: { orgId: string; shopifySub?: string }) {
  return apiRequest<SubscriptionResponse>('/subscriptions/shopify/sync', {
    method: 'POST',
    orgId,
    body: shopifySub ? { shopify_sub: shopifySub } : {},
  });
}

export const useStripeCheckout = () => useRedirectTo(startStripeCheckout);
export const useStripePortal = () => useRedirectTo(openStripePortal);
export const useShopifyBilling = () => useRedirectTo(startShopifyBilling);
export const useSyncStripe = () => useSubscriptionWrite(syncStripe);
export const useSyncShopify = () => useSubscriptionWrite(syncShopify);
