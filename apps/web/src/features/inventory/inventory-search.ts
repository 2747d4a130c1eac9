import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

// Spec §5: page is a number ≥ 1, else 1; pageSize is a number from 1 to 100, else 50.
export const inventorySearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .catch(DEFAULT_PAGE_SIZE),
});
export type InventorySearch = z.infer<typeof inventorySearchSchema>;
