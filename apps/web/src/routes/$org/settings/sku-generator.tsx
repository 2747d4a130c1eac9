import { createFileRoute } from '@tanstack/react-router';
import { SkuGeneratorScreen } from '@/features/sku-generator/components/sku-generator-screen';

export const Route = createFileRoute('/$org/settings/sku-generator')({
  head: () => ({ meta: [{ title: 'SKU generator · stocksync' }] }),
  component: SkuGeneratorScreen,
});
