import type { ActivityListParams } from './types';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const activityKeys = {
  all: (orgId: string) => ['activities', orgId] as const,
  lists: (orgId: string) => [...activityKeys.all(orgId), 'list'] as const,
  list: (orgId: string, params: ActivityListParams) =>
    [...activityKeys.lists(orgId), params] as const,
};
