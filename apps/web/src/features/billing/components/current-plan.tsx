import { Fragment } from 'react';
import { ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Plan, Subscription } from '../api/types';
import { periodText, statusBadge, usageText } from '../billing-format';
import { useCan } from '@/lib/roles';

type CurrentPlanProps = {
  subscription: Subscription | null;
  plans: Plan[];
  confirming: boolean;
  onManage: () => void;
  managing: boolean;
};

const USAGE = [
  ['connected_accounts', 'Connected accounts'],
  ['synced_products', 'Synced products'],
  ['members', 'Members'],
] as const;

const PROVIDER = { STRIPE: 'Billed by card through Stripe', SHOPIFY: 'Billed through Shopify' };

export function CurrentPlan({
  subscription,
  plans,
  confirming,
  onManage,
  managing,
}: CurrentPlanProps) {
  // The customer portal is the owner's (the contract's role matrix).
  const canManage = useCan('postV1SubscriptionsStripePortal');
  if (!subscription) {
    return (
      <Card role="region" aria-label="Current plan">
        <CardHeader>
          <CardTitle>Current plan</CardTitle>
          <CardDescription>Your subscription could not be loaded.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const badge = statusBadge(subscription.status);
  const period = periodText(subscription);
  const limits = plans.find((plan) => plan.code === subscription.plan?.code)?.limits;
  const title =
    subscription.plan?.name ?? (subscription.status === 'trialing' ? 'Free trial' : 'No plan');
  return (
    <Card role="region" aria-label="Current plan">
      <CardHeader>
        <CardDescription>Current plan</CardDescription>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{title}</CardTitle>
          <Badge variant={badge.variant}>{badge.label}</Badge>
          {subscription.cancel_at_period_end && subscription.status !== 'canceled' ? (
            <Badge variant="warning">Cancels at period end</Badge>
          ) : null}
        </div>
        {period ? <p className="text-sm">{period}</p> : null}
        {subscription.provider ? (
          <p className="text-sm text-muted-foreground">{PROVIDER[subscription.provider]}</p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {USAGE.map(([key, label]) => (
            <Fragment key={key}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd>{usageText(subscription.usage[key], limits?.[key] ?? null, !limits)}</dd>
            </Fragment>
          ))}
        </dl>
        {confirming ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Confirming your subscription" /> Confirming your subscription…
          </p>
        ) : null}
        {subscription.provider === 'STRIPE' ? (
          <div>
            <Button
              variant="outline"
              onClick={onManage}
              disabled={managing || !canManage.allowed}
              title={canManage.reason || undefined}
            >
              {managing ? <Spinner /> : <ExternalLink aria-hidden />}
              Manage subscription
            </Button>
            <p className="mt-2 text-xs text-muted-foreground">
              Change plan, update your card, cancel or renew in Stripe&apos;s customer portal.
            </p>
          </div>
        ) : subscription.provider === 'SHOPIFY' ? (
          <p className="text-sm text-muted-foreground">
            Shopify charges this plan with your store&apos;s bill. Choose another plan below to
            change it; uninstalling the app from the store cancels it.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
