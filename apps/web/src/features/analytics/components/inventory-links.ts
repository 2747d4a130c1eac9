/**
 * The inventory list filtered to the products a dashboard card counts, in the inventory's own URL
 * parameters (the route checks them). A card whose filter the inventory does not offer has no
 * link; value and unit cards open the whole list.
 */
export type InventoryLink = { missingSku?: true; missingCost?: true; stock?: 'oversold' | 'low' };

type CardLink = 'stock' | 'oversold' | 'lowStock' | 'missingSku' | 'missingCost';

export const inventoryLinks: Record<CardLink, InventoryLink | undefined> = {
  stock: {},
  oversold: { stock: 'oversold' },
  lowStock: { stock: 'low' },
  missingSku: { missingSku: true },
  missingCost: { missingCost: true },
};
