// Import shapes of the channel API. The server's zod contract (packages/contract imports) was not
// published when these screens were written; these mirror the agreed shapes until then.
import type { Platform } from '@stocksync/contract';

/** One product of a connected account's remote catalogue (GET /v1/platforms/products). */
export type RemoteProduct = {
  external_id: string;
  title: string;
  variants: number;
  quantity: number;
  /** The stocksync product it was imported as, or null when not imported yet. */
  product_id: string | null;
  is_synced: boolean;
};

export type RemoteProductsResponse = { products: RemoteProduct[]; next_cursor: string | null };

export type RemoteProductsParams = { pcId: string; cursor?: string; search?: string };

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

export type ImportJob = {
  id: string;
  status: ImportStatus;
  total: number;
  done: number;
  failed: number;
  eta_seconds: number | null;
  error: string | null;
};

export type StartImportInput = {
  orgId: string;
  platform: Platform;
  pcId: string;
} & ({ productIds: string[]; all?: never } | { all: true; productIds?: never });

export type StartImportResponse = { import_id: string };

export type ImportsResponse = { imports: ImportJob[] };
