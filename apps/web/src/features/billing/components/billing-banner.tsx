import { CircleAlert, Lock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { BillingLink } from '../gating';
import type { BillingBanner } from '../billing-format';

/** A past_due or gated organisation's banner; outside billing it links there. */
export function BillingBannerView({
  banner,
  orgName,
  linkToBilling,
  className,
}: {
  banner: BillingBanner;
  orgName: string;
  linkToBilling: boolean;
  className?: string;
}) {
  const Icon = banner.kind === 'past_due' ? CircleAlert : Lock;
  return (
    <div
      role="alert"
      aria-label={banner.title}
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-md border px-4 py-3 text-sm',
        banner.kind === 'past_due'
          ? 'border-red-500/40 bg-red-500/10'
          : 'border-amber-500/40 bg-amber-500/10',
        className,
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          banner.kind === 'past_due'
            ? 'text-red-600 dark:text-red-300'
            : 'text-amber-600 dark:text-amber-300',
        )}
        aria-hidden
      />
      <div className="grid flex-1 gap-0.5">
        <p className="font-medium">{banner.title}</p>
        <p className="text-muted-foreground">{banner.description}</p>
      </div>
      {linkToBilling ? <BillingLink orgName={orgName} /> : null}
    </div>
  );
}
