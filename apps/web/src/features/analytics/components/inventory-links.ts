/**
 * The inventory list filtered to the products a dashboard card counts, in the inventory's own URL
 * parameters (the route checks them). A card whose filter the inventory does not offer has no
 * link; value and unit cards open the whole list.
 */
export type InventoryLink = { missingSku?: true };

type CardLink = 'stock' | 'oversold' | 'lowStock' | 'missingSku' | 'missingCost';

export const inventoryLinks: Record<CardLink, InventoryLink | undefined> = {
  stock: {},
  oversold: undefined,
  lowStock: undefined,
  missingSku: { missingSku: true },
  missingCost: undefined,
};
