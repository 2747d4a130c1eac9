import { z } from 'zod';
import { CURRENCIES } from '@/lib/api-types';

export const ORG_NAME_MIN_LENGTH = 3;

const currency = z.enum(CURRENCIES, { message: 'Please select a currency' });

export const onboardFormSchema = z.object({
  organisation: z
    .string()
    .trim()
    .min(
      ORG_NAME_MIN_LENGTH,
      `Organisation name must be at least ${ORG_NAME_MIN_LENGTH} characters`,
    ),
  currency,
});
export type OnboardFormValues = z.infer<typeof onboardFormSchema>;

export const organizationFormSchema = z.object({
  organizationName: z
    .string()
    .trim()
    .min(1, 'Organization name is required')
    .min(
      ORG_NAME_MIN_LENGTH,
      `Organization name must be at least ${ORG_NAME_MIN_LENGTH} characters`,
    ),
  currency,
});
export type OrganizationFormValues = z.infer<typeof organizationFormSchema>;

export const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  USD: 'USD — US dollar',
  GBP: 'GBP — British pound',
  EUR: 'EUR — Euro',
};
