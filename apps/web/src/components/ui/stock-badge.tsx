import { stockLevel, useLowStockThreshold } from '@/lib/stock-level';
import { Badge } from './badge';

/** "Oversold" below 0, "Low stock" at or below the organisation's threshold, else nothing. */
export function StockBadge({ quantity }: { quantity: number }) {
  const level = stockLevel(quantity, useLowStockThreshold());
  if (level === 'oversold') return <Badge variant="destructive">Oversold</Badge>;
  if (level === 'low') return <Badge variant="warning">Low stock</Badge>;
  return null;
}
