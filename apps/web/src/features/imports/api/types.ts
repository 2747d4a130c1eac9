// Import shapes come from the shared contract, so web and server cannot drift apart.
import type { Import, Platform } from '@stocksync/contract';

export type {
  Import as ImportJob,
  RemoteProduct,
  RemoteProductsResponse,
} from '@stocksync/contract';

export type ImportStatus = Import['status'];

export type RemoteProductsParams = { pcId: string; cursor?: string; search?: string };

export type StartImportInput = {
  orgId: string;
  platform: Platform;
  pcId: string;
  /** Send the SKUs the import generates to the channel (write_back_skus). */
  writeBackSkus?: boolean;
} & ({ productIds: string[]; all?: never } | { all: true; productIds?: never });

export type StartImportResponse = { import_id: string };

export type ImportsResponse = { imports: Import[] };
