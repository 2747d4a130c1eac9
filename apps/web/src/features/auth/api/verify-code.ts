import { useMutation } from '@tanstack/react-query';
import { authMessages, codeSchema } from '@stocksync/contract';
import { z } from 'zod';
import { isApiError, apiRequest } from '@/lib/api-client';
import type { Account } from '@/lib/api-types';
import { startSession } from '@/lib/session';

export const CODE_LENGTH = 6;

export const verifyFormSchema = z.object({
  code: codeSchema,
});
export type VerifyFormValues = z.infer<typeof verifyFormSchema>;

type VerifyResponse = { error?: string; access_token?: string; user?: Account };

export class VerifyError extends Error {}

/**
 * POST /v1/auth/verify. Spec §5: a non-ok reply fails with 'Invalid code' (followed by the advice
 * to request a new code once the code's tries are used up); an ok reply with a non-empty error
 * fails with that text; otherwise the token and account are stored.
 */
export async function verifyCode(
  values: VerifyFormValues & { email?: string; invitation?: string },
) {
  let data: VerifyResponse;
  try {
    data = await apiRequest<VerifyResponse>('/auth/verify', {
      method: 'POST',
      // An invitation's token: a new account joins its organisation instead of getting its own.
      body: {
        code: values.code,
        ...(values.email ? { email: values.email } : {}),
        ...(values.invitation ? { invitation: values.invitation } : {}),
      },
      withOrg: false,
      ignoreUnauthorized: true,
    });
  } catch (error) {
    if (isApiError(error)) {
      const triesUsed = error.message === authMessages.codeTriesUsed;
      throw new VerifyError(
        triesUsed ? `${authMessages.invalidCode}. ${authMessages.codeTriesUsed}` : 'Invalid code',
      );
    }
    throw error;
  }
  if (data.error) throw new VerifyError(data.error);
  if (!data.access_token || !data.user) throw new VerifyError('Invalid code');
  startSession(data.access_token, data.user);
  return data.user;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
