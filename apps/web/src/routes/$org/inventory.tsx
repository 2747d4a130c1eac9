import { createFileRoute } from '@tanstack/react-router';
import { productsQueryOptions } from '@/features/products/api/get-products';
import { inventorySearchSchema, toProductListParams } from '@/features/inventory/inventory-search';
import { InventoryScreen } from '@/features/inventory/components/inventory-screen';

export const Route = createFileRoute('/$org/inventory')({
  validateSearch: inventorySearchSchema,
  loaderDeps: ({ search }) => toProductListParams(search),
  // Preload only: a failure is shown (with a retry) by the screen, not by the route.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(productsQueryOptions(context.organization.id, deps)),
  head: () => ({ meta: [{ title: 'Inventory · stocksync' }] }),
  component: InventoryPage,
});

function InventoryPage() {
  const { organization } = Route.useRouteContext();
  // Keyed by organisation: going to another one's inventory starts afresh (no carried-over
  // selection or previous page).
  return (
    <InventoryScreen key={organization.id} orgId={organization.id} orgName={organization.name} />
  );
}
