import { useMutation } from '@tanstack/react-query';
import { requestCodeBodySchema, type RequestCodeResponse } from '@stocksync/contract';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const emailFormSchema = requestCodeBodySchema;
export type EmailFormValues = z.output<typeof emailFormSchema>;

export type RequestCodeMode = 'login' | 'signup';

/** POST /v1/auth/login or /v1/auth/signup: mails a one-time code to the address. */
export function requestCode(mode: RequestCodeMode, values: EmailFormValues) {
  return apiRequest<RequestCodeResponse>(`/auth/${mode}`, {
    method: 'POST',
    body: { email: values.email },
    withOrg: false,
  });
}

export function useRequestCode(mode: RequestCodeMode) {
  return useMutation({ mutationFn: (values: EmailFormValues) => requestCode(mode, values) });
}
