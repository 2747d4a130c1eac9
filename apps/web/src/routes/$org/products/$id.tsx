import { createFileRoute } from '@tanstack/react-router';
import { ProductScreen } from '@/features/products/components/product-screen';

export const Route = createFileRoute('/$org/products/$id')({
  head: () => ({ meta: [{ title: 'Product · stocksync' }] }),
  component: ProductPage,
});

function ProductPage() {
  const { organization } = Route.useRouteContext();
  return <ProductScreen orgName={organization.name} />;
}
