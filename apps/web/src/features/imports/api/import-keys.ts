import type { RemoteProductsParams } from './types';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const importKeys = {
  all: ['imports'] as const,
  remoteProducts: (orgId: string, params: RemoteProductsParams) =>
    [...importKeys.all, orgId, 'remote-products', params] as const,
  remoteProductLists: (orgId: string, pcId: string) =>
    [...importKeys.all, orgId, 'remote-products', { pcId }] as const,
  job: (orgId: string, id: string) => [...importKeys.all, orgId, 'job', id] as const,
  jobs: (orgId: string, pcId: string) => [...importKeys.all, orgId, 'jobs', pcId] as const,
};
