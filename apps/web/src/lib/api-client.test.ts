import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';
import { clearSession, getSession, setCurrentOrg, startSession } from './session';

const account = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'seller@example.com',
  orgs: [
    { id: '00000000-0000-4000-8000-0000000000aa', name: 'Acme', currency: 'GBP', role: 'owner' },
  ],
} as const;

function respondWith(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof respondWith>) {
  return new Headers(fetchMock.mock.calls[0]![1]!.headers);
}

describe('apiRequest', () => {
  beforeEach(() => {
    startSession('token-1', structuredClone(account) as never);
    setCurrentOrg(account.orgs[0].id);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sends JSON with the bearer token, credentials and the current organisation', async () => {
    const fetchMock = respondWith(200, { ok: true });
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    const headers = sentHeaders(fetchMock);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-organization-id')).toBe(account.orgs[0].id);
  });

  it('leaves the organisation out when asked to', async () => {
    const fetchMock = respondWith(200, {});
    await apiRequest('/users/me', { withOrg: false });
    expect(sentHeaders(fetchMock).has('x-organization-id')).toBe(false);
  });

  it('stores a refreshed token from the access-token header', async () => {
    respondWith(200, {}, { 'access-token': 'token-2' });
    await apiRequest('/things');
    expect(getSession().accessToken).toBe('token-2');
    expect(localStorage.getItem('access_token')).toBe('token-2');
  });

  it('turns an error body into an ApiError with message and field', async () => {
    respondWith(409, {
      error: 'You already have an organization with this name',
      field: 'organizationName',
    });
    const error = await apiRequest('/organizations', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'You already have an organization with this name',
      field: 'organizationName',
    });
  });

  it('ends the session and hands over to the unauthorised handler on 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respondWith(401, { error: 'Unauthorized' });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getSession()).toEqual({ accessToken: null, account: null, currentOrgId: null });
    expect(localStorage.getItem('account')).toBeNull();
  });

  it('keeps the session on 401 when the caller handles it', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respondWith(401, { error: 'Unauthorized' });
    await expect(apiRequest('/auth/logout', { ignoreUnauthorized: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession().accessToken).toBe('token-1');
  });

  it('accepts an empty 204 answer', async () => {
    respondWith(204);
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeNull();
  });
});
