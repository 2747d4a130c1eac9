import { Barcode } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';

export function SkuGeneratorScreen() {
  return (
    <EmptyState
      icon={Barcode}
      title="SKU generator"
      description="Prefix, suffix, delimiter and generation strategy for new SKUs will be set here. SKU generation is not available in this version yet."
    />
  );
}
