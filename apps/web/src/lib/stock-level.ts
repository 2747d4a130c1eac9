import { LOW_STOCK_THRESHOLD_DEFAULT, type Organization } from '@stocksync/contract';
import { selectedOrganization, useSession } from './session';

/** Issue 22 item 3: below 0 a master is Oversold; from 0 to the threshold it is Low stock. */
export type StockLevel = 'oversold' | 'low';

export function stockLevel(quantity: number, threshold: number): StockLevel | null {
  if (quantity < 0) return 'oversold';
  if (quantity <= threshold) return 'low';
  return null;
}

/** The organisation's threshold; an account stored before thresholds existed has none. */
export function thresholdOf(organization: Partial<Organization> | null): number {
  const threshold = organization?.low_stock_threshold;
  return Number.isInteger(threshold) ? threshold! : LOW_STOCK_THRESHOLD_DEFAULT;
}

/** The selected organisation's low-stock threshold (it follows a change made in Settings). */
export function useLowStockThreshold(): number {
  return thresholdOf(selectedOrganization(useSession()));
}
