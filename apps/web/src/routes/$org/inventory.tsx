import { createFileRoute } from '@tanstack/react-router';
import { gateQueryOptions } from '@/features/billing/api/get-gate';
import { productsQueryOptions } from '@/features/products/api/get-products';
import { inventorySearchSchema, toProductListParams } from '@/features/inventory/inventory-search';
import { InventoryScreen } from '@/features/inventory/components/inventory-screen';

export const Route = createFileRoute('/$org/inventory')({
  validateSearch: inventorySearchSchema,
  loaderDeps: ({ search }) => toProductListParams(search),
  // Preload only: a failure is shown (with a retry) by the screen, not by the route. Spec §2: the
  // loader checks the gate too (a failure reads as not gated); the screen uses it to explain.
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(productsQueryOptions(context.organization.id, deps)),
      context.queryClient.prefetchQuery(gateQueryOptions(context.organization.id)),
    ]),
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
