import { useMutation } from '@tanstack/react-query';
import { ORGANIZATION_HEADER } from '@stocksync/contract';
import { API_BASE, ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import type { ProductListParams } from './types';

/** What the list shows: its filters and sort (no paging: the export has every page). */
export type ExportParams = Omit<ProductListParams, 'page' | 'pageSize'>;

/**
 * GET /v1/products/export.csv needs the bearer header, so a plain link cannot download it: fetch
 * it as a blob and hand it to the browser as a file. `params`: the list's filters and sort.
 */
export async function exportProductsCsv(orgId: string, params: ExportParams = {}) {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  const { accessToken } = getSession();
  const headers = new Headers({ Accept: 'text/csv' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  headers.set(ORGANIZATION_HEADER, orgId);
  const response = await fetch(`${API_BASE}/products/export.csv${query ? `?${query}` : ''}`, {
    headers,
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const filename =
    /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'products.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export function useExportProducts() {
  return useMutation({
    mutationFn: ({ orgId, params }: { orgId: string; params: ExportParams }) =>
      exportProductsCsv(orgId, params),
  });
}
