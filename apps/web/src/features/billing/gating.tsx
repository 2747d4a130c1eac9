import { Link, useNavigate } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { isApiError } from '@/lib/api-client';

/** A gated organisation (no active or trialing subscription) is refused with 402. */
export function isGatedError(error: unknown): boolean {
  return isApiError(error) && error.status === 402;
}

/** A toast action that opens billing when the failure was the gate, else nothing. */
export function useGatedToastAction(orgName: string) {
  const navigate = useNavigate();
  return (error: unknown) =>
    isGatedError(error)
      ? {
          label: 'Open billing',
          onClick: () => void navigate({ to: '/$org/settings/billing', params: { org: orgName } }),
        }
      : undefined;
}

/** The gate's reason in place, with the way out. */
export function GatedNotice({ message, orgName }: { message: string; orgName: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <Lock className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
      <span>{message}</span>
      <BillingLink orgName={orgName} />
    </div>
  );
}

/** The way out of the gate: the organisation's billing screen. */
export function BillingLink({ orgName }: { orgName: string }) {
  return (
    <Link
      to="/$org/settings/billing"
      params={{ org: orgName }}
      className="font-medium underline underline-offset-4"
    >
      Go to billing
    </Link>
  );
}
