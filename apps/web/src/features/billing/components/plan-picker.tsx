import { useState, type FormEvent } from 'react';
import { Check, CreditCard, ShoppingBag } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { Plan, PlanCode, ShopifySession, Subscription } from '../api/types';
import {
  currentPlanCode,
  planChangeMode,
  planLimitTexts,
  planPriceText,
  trialCheckoutText,
} from '../billing-format';
import { useCan } from '@/lib/roles';

type PlanPickerProps = {
  plans: Plan[];
  subscription: Subscription | null;
  sessions: ShopifySession[];
  /** Spec §2's shopify_session / provider=SHOPIFY: start with Shopify billing chosen. */
  preferShopify: boolean;
  pending: boolean;
  onCheckout: (plan: PlanCode) => void;
  onShopify: (plan: PlanCode) => void;
};

type Method = 'stripe' | 'shopify';

export function PlanPicker({
  plans,
  subscription,
  sessions,
  preferShopify,
  pending,
  onCheckout,
  onShopify,
}: PlanPickerProps) {
  // Paying is the owner's (the contract's role matrix); admins see the plans.
  const canPay = useCan('postV1SubscriptionsStripeCheckout');
  const mode = planChangeMode(subscription);
  const current = currentPlanCode(subscription);
  const canShopify = sessions.length > 0;
  const [chosen, setChosen] = useState<PlanCode | undefined>(undefined);
  // Until the seller picks, the preference applies, also once the Shopify stores arrive late.
  const [pickedMethod, setMethod] = useState<Method | undefined>(undefined);
  const method = pickedMethod ?? (preferShopify && canShopify ? 'shopify' : 'stripe');
  const selectable = mode !== 'portal';
  // A Shopify plan change offers the other plans; the current one is already billed.
  const selected = chosen ?? (mode === 'shopify' ? undefined : (current ?? plans[0]?.code));
  const via: Method = mode === 'shopify' ? 'shopify' : canShopify ? method : 'stripe';
  const trialText = mode === 'checkout' ? trialCheckoutText(subscription, via) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    if (via === 'shopify') onShopify(selected);
    else onCheckout(selected);
  };

  if (plans.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Plans</CardTitle>
          <CardDescription>The plans could not be loaded. Try again in a moment.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{mode === 'checkout' ? 'Choose a plan' : 'Plans'}</CardTitle>
        <CardDescription>
          {mode === 'portal'
            ? 'To change plan, use Manage subscription above.'
            : 'Monthly prices in your organisation’s currency. Cancel at any time.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="sr-only">Plan</legend>
            {plans.map((plan) => (
              <label
                key={plan.code}
                className={cn(
                  'relative grid content-start gap-2 rounded-lg border p-4 text-sm',
                  selectable && 'cursor-pointer hover:bg-accent/40',
                  selectable &&
                    selected === plan.code &&
                    'border-primary ring-2 ring-primary/40 hover:bg-transparent',
                )}
              >
                {selectable ? (
                  <input
                    type="radio"
                    name="plan"
                    value={plan.code}
                    checked={selected === plan.code}
                    onChange={() => setChosen(plan.code)}
                    disabled={mode === 'shopify' && plan.code === current}
                    className="absolute top-4 right-4 accent-primary"
                  />
                ) : null}
                <span className="flex items-center gap-2 font-semibold">
                  {plan.name}
                  {plan.code === current ? <Badge variant="secondary">Current</Badge> : null}
                </span>
                <span className="text-lg font-semibold">{planPriceText(plan)}</span>
                <ul className="grid gap-1 text-muted-foreground">
                  {planLimitTexts(plan.limits).map((text) => (
                    <li key={text} className="flex items-center gap-1.5">
                      <Check className="size-3.5 shrink-0" aria-hidden />
                      {text}
                    </li>
                  ))}
                </ul>
              </label>
            ))}
          </fieldset>

          {mode === 'checkout' && canShopify ? (
            <fieldset className="grid gap-2 text-sm">
              <legend className="mb-1 font-medium">Pay with</legend>
              {(
                [
                  { value: 'stripe', icon: CreditCard, label: 'Card (Stripe)' },
                  {
                    value: 'shopify',
                    icon: ShoppingBag,
                    label: `Shopify billing (${sessions.map((session) => session.shop).join(', ')})`,
                  },
                ] as const
              ).map(({ value, icon: Icon, label }) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    className="accent-primary"
                  />
                  <Icon className="size-4" aria-hidden /> {label}
                </label>
              ))}
            </fieldset>
          ) : null}

          {selectable ? (
            <div>
              <Button
                type="submit"
                disabled={pending || !selected || !canPay.allowed}
                aria-describedby={canPay.allowed ? undefined : 'plan-picker-role'}
              >
                {pending ? <Spinner /> : null}
                {via === 'shopify'
                  ? mode === 'shopify'
                    ? 'Change plan on Shopify'
                    : 'Continue to Shopify'
                  : 'Continue to checkout'}
              </Button>
              {canPay.allowed ? null : (
                <p id="plan-picker-role" className="mt-2 text-xs text-muted-foreground">
                  {canPay.reason}
                </p>
              )}
              <p className="mt-2 text-xs text-muted-foreground">
                {via === 'shopify'
                  ? 'You confirm the charge on Shopify; it appears on your Shopify bill.'
                  : 'You pay on Stripe’s secure checkout page and come back here.'}
              </p>
              {trialText ? <p className="mt-1 text-xs text-muted-foreground">{trialText}</p> : null}
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
