import { getRouteApi } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoadError } from '@/components/layout/load-error';
import type { Organization } from '@/lib/api-types';
import {
  invalidateBilling,
  useShopifyBilling,
  useStripeCheckout,
  useStripePortal,
} from '../api/billing-mutations';
import { useGate } from '../api/get-gate';
import { usePlans } from '../api/get-plans';
import { useShopifySessions } from '../api/get-shopify-sessions';
import { useSubscription } from '../api/get-subscription';
import type { BillingData } from '../api/load-billing';
import { bannerFor } from '../billing-format';
import { BillingBannerView } from './billing-banner';
import { CurrentPlan } from './current-plan';
import { PlanPicker } from './plan-picker';
import { useBillingReturn } from './use-billing-return';

const route = getRouteApi('/$org/settings/billing');

type BillingScreenProps = { organization: Organization; initial: BillingData };

/** Spec §2 /{org}/settings/billing: the subscription, the plans, checkout and the portal. */
export function BillingScreen({ organization, initial }: BillingScreenProps) {
  const orgId = organization.id;
  const search = route.useSearch();
  const queryClient = useQueryClient();
  // Each read falls back to the loader's (empty on failure) defaults while it (re)loads or fails.
  const subscriptionQuery = useSubscription(orgId);
  const plansQuery = usePlans(orgId);
  const sessionsQuery = useShopifySessions(orgId);
  const gate = useGate(orgId);
  const subscription = subscriptionQuery.data ?? initial.subscription;
  const plans = plansQuery.data?.plans ?? initial.plans;
  const sessions = sessionsQuery.data ?? initial.sessions;
  const isGated = subscription?.is_gated ?? gate.data?.is_gated ?? initial.isGated;

  const confirming = useBillingReturn(orgId);
  const checkout = useStripeCheckout();
  const portal = useStripePortal();
  const shopify = useShopifyBilling();
  const failed = (what: string) => (error: Error) =>
    toast.error(what, { description: error.message });

  const banner = bannerFor(subscription, isGated);
  const loadErrors = [subscriptionQuery, plansQuery, sessionsQuery].filter(
    (query) => query.isError && !query.isFetching,
  );

  return (
    <div className="grid gap-6">
      {banner ? (
        <BillingBannerView banner={banner} orgName={organization.name} linkToBilling={false} />
      ) : null}
      {loadErrors.length > 0 ? (
        <LoadError
          subject="Some billing details"
          error={loadErrors.map((query) => query.error?.message).join('; ')}
          onRetry={() => void invalidateBilling(queryClient, orgId)}
        />
      ) : null}
      <CurrentPlan
        subscription={subscription}
        plans={plans}
        confirming={confirming}
        managing={portal.isPending || portal.isSuccess}
        onManage={() =>
          portal.mutate({ orgId }, { onError: failed('The customer portal could not be opened') })
        }
      />
      <PlanPicker
        plans={plans}
        subscription={subscription}
        sessions={sessions}
        preferShopify={search.provider === 'SHOPIFY' || search.shopify_session !== undefined}
        pending={checkout.isPending || checkout.isSuccess || shopify.isPending || shopify.isSuccess}
        onCheckout={(plan) =>
          checkout.mutate({ orgId, plan }, { onError: failed('Checkout could not be started') })
        }
        onShopify={(plan) =>
          shopify.mutate(
            { orgId, plan },
            { onError: failed('Shopify billing could not be started') },
          )
        }
      />
    </div>
  );
}
