import { createFileRoute } from '@tanstack/react-router';
import { skuSettingsQueryOptions } from '@/features/sku-generator/api/get-sku-settings';
import { SkuGeneratorScreen } from '@/features/sku-generator/components/sku-generator-screen';

export const Route = createFileRoute('/$org/settings/sku-generator')({
  // Preload only: a failure leaves no setting and the screen starts from the defaults.
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(skuSettingsQueryOptions(context.organization.id)),
  head: () => ({ meta: [{ title: 'SKU generator · stocksync' }] }),
  component: SkuGeneratorPage,
});

function SkuGeneratorPage() {
  const { organization } = Route.useRouteContext();
  return (
    <SkuGeneratorScreen key={organization.id} orgId={organization.id} orgName={organization.name} />
  );
}
