import { History } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export function ActivityScreen() {
  return (
    <>
      <PageHeader title="Activity" description="Imports, sync runs and other work done for you." />
      <EmptyState
        icon={History}
        title="No activity yet"
        description="Imports, stock updates and SKU generation will be listed here as they happen."
      />
    </>
  );
}
