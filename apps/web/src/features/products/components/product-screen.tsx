import { Link } from '@tanstack/react-router';
import { PackageSearch } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { buttonVariants } from '@/components/ui/button';

export function ProductScreen({ orgName }: { orgName: string }) {
  return (
    <EmptyState
      icon={PackageSearch}
      title="Product not found"
      description="This organisation has no products yet — connect a sales channel to import your catalogue."
      action={
        <Link
          to="/$org/inventory"
          params={{ org: orgName }}
          className={buttonVariants({ variant: 'outline' })}
        >
          Back to inventory
        </Link>
      }
    />
  );
}
