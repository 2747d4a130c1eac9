import { z } from 'zod';
import { textSchema } from './text';

export const currencies = ['USD', 'GBP', 'EUR'] as const;
export const currencySchema = z.enum(currencies, { error: 'Please select a currency' });
export type Currency = z.infer<typeof currencySchema>;

/** Strongest first; see roles.ts for what each may do. */
export const roles = ['owner', 'admin', 'member', 'viewer'] as const;
export const roleSchema = z.enum(roles, { error: 'role must be owner, admin, member or viewer' });
export type Role = z.infer<typeof roleSchema>;

export const organizationMessages = {
  invalidId: 'Invalid organization id',
  nameRequired: 'Organization name is required',
  nameTooShort: 'Organization name must be at least 3 characters',
  currencyRequired: 'Please select a currency',
  nameTaken: 'You already have an organization with this name',
  firstOrganizationNamed: 'Your first organization already has a name',
  forbidden: 'Only owners and admins can change the organization',
  lowStockThresholdInvalid: 'Low stock threshold must be a whole number',
  lowStockThresholdRange: `Low stock threshold must be between 0 and ${(1_000_000).toLocaleString('en-US')}`,
} as const;

/** Issue 22: a variant at or below this quantity (and not below 0) is Low stock. */
export const LOW_STOCK_THRESHOLD_DEFAULT = 5;
export const LOW_STOCK_THRESHOLD_MAX = 1_000_000;

export const lowStockThresholdSchema = z
  .number({ error: organizationMessages.lowStockThresholdInvalid })
  .int(organizationMessages.lowStockThresholdInvalid)
  .min(0, organizationMessages.lowStockThresholdRange)
  .max(LOW_STOCK_THRESHOLD_MAX, organizationMessages.lowStockThresholdRange);

/** An organisation as seen by one member. `name` is '' until onboarding is done. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: currencySchema,
  role: roleSchema,
  low_stock_threshold: z.number().int(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Spec §5, §9: at least 3 characters wherever an organisation is named. */
export const ORGANIZATION_NAME_MIN_LENGTH = 3;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;

export const organizationNameSchema = textSchema('Organization name', {
  min: ORGANIZATION_NAME_MIN_LENGTH,
  max: ORGANIZATION_NAME_MAX_LENGTH,
  notText: organizationMessages.nameRequired,
  required: organizationMessages.nameRequired,
  tooShort: organizationMessages.nameTooShort,
});

export const createOrganizationBodySchema = z.object({
  organizationName: organizationNameSchema,
  currency: currencySchema,
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

export const updateOrganizationBodySchema = z.object({
  organizationName: organizationNameSchema.optional(),
  currency: currencySchema.optional(),
  low_stock_threshold: lowStockThresholdSchema.optional(),
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const organizationParamsSchema = z.object({
  id: z.uuid({ error: organizationMessages.invalidId }),
});

export const listOrganizationsResponseSchema = z.object({
  organizations: z.array(organizationSchema),
});
export type ListOrganizationsResponse = z.infer<typeof listOrganizationsResponseSchema>;

/** Header every organisation-scoped data call sends. */
export const ORGANIZATION_HEADER = 'x-organization-id';

/**
 * Headers of organisation-scoped calls (documentation; the org-scope plugin checks the header
 * itself so that a missing one is a 400 naming it and a foreign one a 404).
 */
export const organizationHeadersSchema = z.looseObject({
  'x-organization-id': z.string().describe('Id of the organisation the call works on'),
});
