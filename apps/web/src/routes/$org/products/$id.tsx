import { createFileRoute, notFound } from '@tanstack/react-router';
import { productQueryOptions } from '@/features/products/api/get-product';
import { ProductScreen } from '@/features/products/components/product-screen';
import { isApiError } from '@/lib/api-client';

export const Route = createFileRoute('/$org/products/$id')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(
        productQueryOptions(context.organization.id, params.id),
      );
    } catch (error) {
      // Unknown ids, malformed ids and other organisations' products are all "not found".
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData?.title ?? 'Product'} · stocksync` }],
  }),
  component: ProductPage,
});

function ProductPage() {
  const { organization } = Route.useRouteContext();
  return (
    <ProductScreen
      key={organization.id}
      orgId={organization.id}
      orgName={organization.name}
      currency={organization.currency}
    />
  );
}
