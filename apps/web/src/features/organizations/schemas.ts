import {
  createOrganizationBodySchema,
  lowStockThresholdSchema,
  onboardBodySchema,
} from '@stocksync/contract';
import type { z } from 'zod';
import type { Currency } from '@/lib/api-types';

// The server validates with the same schemas, so the messages match (spec §5):
// 'Organization name is required', 'Please select a currency', and the 3-character onboarding rule.
export const onboardFormSchema = onboardBodySchema;
export type OnboardFormValues = z.output<typeof onboardFormSchema>;

export const organizationFormSchema = createOrganizationBodySchema;
export type OrganizationFormValues = z.output<typeof organizationFormSchema>;

/** Settings → Organization also sets the low-stock threshold (issue 22 item 3). */
export const organizationSettingsFormSchema = organizationFormSchema.extend({
  low_stock_threshold: lowStockThresholdSchema,
});
export type OrganizationSettingsFormValues = z.output<typeof organizationSettingsFormSchema>;

export const CURRENCY_LABELS: Record<Currency, string> = {
  USD: 'USD — US dollar',
  GBP: 'GBP — British pound',
  EUR: 'EUR — Euro',
};
