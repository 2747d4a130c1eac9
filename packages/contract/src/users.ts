import { z } from 'zod';
import { currencySchema, organizationSchema } from './organizations';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  orgs: z.array(organizationSchema),
});
export type User = z.infer<typeof userSchema>;

export const onboardingMessages = {
  nameTooShort: 'Organisation name must be at least 3 characters',
  currencyRequired: 'Please select a currency',
  alreadyOnboarded: 'Your first organisation already has a name',
} as const;

export const onboardBodySchema = z.object({
  organisation: z
    .string({ error: onboardingMessages.nameTooShort })
    .trim()
    .min(3, onboardingMessages.nameTooShort)
    .max(100, 'Organisation name must be at most 100 characters'),
  currency: currencySchema,
});
export type OnboardBody = z.infer<typeof onboardBodySchema>;

export const onboardResponseSchema = z.object({ user: userSchema });
export type OnboardResponse = z.infer<typeof onboardResponseSchema>;
