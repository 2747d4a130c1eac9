import { createFileRoute } from '@tanstack/react-router';
import { SkuConflictsScreen } from '@/features/sku-conflicts/components/sku-conflicts-screen';
import { skuConflictsSearchSchema } from '@/features/sku-conflicts/sku-conflicts-search';

// Inventory → SKU conflicts (issue 25 item 2): under the inventory's URL, not inside its screen.
export const Route = createFileRoute('/$org/inventory_/sku-conflicts')({
  validateSearch: skuConflictsSearchSchema,
  head: () => ({ meta: [{ title: 'SKU conflicts · stocksync' }] }),
  component: SkuConflictsPage,
});

function SkuConflictsPage() {
  const { organization } = Route.useRouteContext();
  return (
    <SkuConflictsScreen key={organization.id} orgId={organization.id} orgName={organization.name} />
  );
}
