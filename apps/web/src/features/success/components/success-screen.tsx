import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { buttonVariants } from '@/components/ui/button';

/** Where a completed checkout or a newly connected account returns to. */
export function SuccessScreen({ orgName }: { orgName: string }) {
  return (
    <EmptyState
      icon={CircleCheck}
      title="All done"
      description="You're back in stocksync. Continue to your dashboard."
      action={
        <Link to="/$org/dashboard" params={{ org: orgName }} className={buttonVariants()}>
          Go to dashboard
        </Link>
      }
    />
  );
}
