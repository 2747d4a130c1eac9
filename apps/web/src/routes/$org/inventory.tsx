import { createFileRoute } from '@tanstack/react-router';
import { inventorySearchSchema } from '@/features/inventory/inventory-search';
import { InventoryScreen } from '@/features/inventory/components/inventory-screen';

export const Route = createFileRoute('/$org/inventory')({
  validateSearch: inventorySearchSchema,
  head: () => ({ meta: [{ title: 'Inventory · stocksync' }] }),
  component: InventoryPage,
});

function InventoryPage() {
  const { organization } = Route.useRouteContext();
  return <InventoryScreen orgName={organization.name} />;
}
