import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const emailFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
});
export type EmailFormValues = z.infer<typeof emailFormSchema>;

export type RequestCodeMode = 'login' | 'signup';
type RequestCodeResponse = { ok: boolean; message?: string };

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
