import { useMutation } from '@tanstack/react-query';
import { ORGANIZATION_HEADER } from '@stocksync/contract';
import { API_BASE, ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';

/**
 * GET /v1/products/export.csv needs the bearer header, so a plain link cannot download it: fetch
 * it as a blob and hand it to the browser as a file.
 */
export async function exportProductsCsv(orgId: string) {
  const { accessToken } = getSession();
  const headers = new Headers({ Accept: 'text/csv' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  headers.set(ORGANIZATION_HEADER, orgId);
  const response = await fetch(`${API_BASE}/products/export.csv`, {
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
  return useMutation({ mutationFn: exportProductsCsv });
}
