import { Link } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { buttonVariants } from '@/components/ui/button';

export function InventoryScreen({ orgName }: { orgName: string }) {
  return (
    <>
      <PageHeader title="Inventory" description="Products and variants across all your channels." />
      <EmptyState
        icon={Package}
        title="No products yet"
        description="No products yet — connect a sales channel to import your catalogue."
        action={
          <Link to="/$org/integrations" params={{ org: orgName }} className={buttonVariants()}>
            Connect a sales channel
          </Link>
        }
      />
    </>
  );
}
