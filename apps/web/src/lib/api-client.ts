import { ACCESS_TOKEN_HEADER, ORGANIZATION_HEADER } from '@stocksync/contract';
import type { ApiErrorBody } from './api-types';
import { clearSession, getSession, setAccessToken } from './session';

export const API_BASE = '/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = body as Partial<ApiErrorBody> | null;
    const message =
      parsed && typeof parsed.error === 'string' && parsed.error
        ? parsed.error
        : `Request failed with status ${status}`;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = parsed && typeof parsed.field === 'string' ? parsed.field : undefined;
    this.body = body;
  }
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send X-Organization-Id of the current organisation (default true). */
  withOrg?: boolean;
  /** Organisation to send instead of the current one. */
  orgId?: string;
  /** Do not end the session and go to sign-in on 401 (e.g. for logout itself). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
};

let onUnauthorized: () => void = () => window.location.assign('/auth/login');

/** Lets the app route to sign-in with the router instead of a full page load. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { accessToken, currentOrgId } = getSession();
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const orgId = options.orgId ?? (options.withOrg === false ? null : currentOrgId);
  if (orgId) headers.set(ORGANIZATION_HEADER, orgId);

  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });

  const refreshed = response.headers.get(ACCESS_TOKEN_HEADER);
  if (refreshed) setAccessToken(refreshed);

  const body = await readBody(response);
  if (response.status === 401 && !options.ignoreUnauthorized) {
    clearSession();
    onUnauthorized();
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
