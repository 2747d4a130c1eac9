import { z } from 'zod';
import {
  currencySchema,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  organizationSchema,
} from './organizations';
import { textSchema } from './text';

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
  organisation: textSchema('Organisation name', {
    min: ORGANIZATION_NAME_MIN_LENGTH,
    max: ORGANIZATION_NAME_MAX_LENGTH,
    notText: onboardingMessages.nameTooShort,
    required: onboardingMessages.nameTooShort,
    tooShort: onboardingMessages.nameTooShort,
  }),
  currency: currencySchema,
});
export type OnboardBody = z.infer<typeof onboardBodySchema>;

export const onboardResponseSchema = z.object({ user: userSchema });
export type OnboardResponse = z.infer<typeof onboardResponseSchema>;
