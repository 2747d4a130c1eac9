import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { invitationTokenOf } from '@/lib/invitation-link';
import { safeReturnPath } from '@/lib/return-path';
import {
  CODE_LENGTH,
  useVerifyCode,
  verifyFormSchema,
  type VerifyFormValues,
} from '../api/verify-code';
import type { RequestCodeMode } from '../api/request-code';
import { ResendCodeButton } from './resend-code-button';

type VerifyFormProps = {
  email?: string;
  mode?: RequestCodeMode;
  /** The page asked for before signing in; otherwise the start page decides. */
  returnTo?: string;
};

export function VerifyForm({ email, mode, returnTo }: VerifyFormProps) {
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const form = useForm<VerifyFormValues>({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync({ ...values, email, invitation: invitationTokenOf(returnTo) });
      // A deep link that needed sign-in opens now; else the start page routes on to onboarding
      // or the organisation's dashboard (spec §2).
      const target = safeReturnPath(returnTo);
      if (target) await navigate({ href: target, replace: true });
      else await navigate({ to: '/', replace: true });
    } catch (error) {
      console.error('Verification failed', error);
      form.setError('code', {
        message: error instanceof Error ? error.message : 'Invalid code',
      });
    }
  });

  const codeField = form.register('code');

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Check your email</CardTitle>
        <CardDescription>
          {email ? (
            <>
              We sent a {CODE_LENGTH}-digit code to{' '}
              <strong className="text-foreground">{email}</strong>.
            </>
          ) : (
            `Enter the ${CODE_LENGTH}-digit code we sent to your email.`
          )}{' '}
          It is valid for 10 minutes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            id="code"
            label="Verification code"
            error={form.formState.errors.code?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH}
                autoFocus
                placeholder="123456"
                className="h-12 text-center font-mono text-2xl tracking-[0.5em] md:text-2xl"
                {...codeField}
                onChange={(event) => {
                  event.target.value = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
                  void codeField.onChange(event);
                }}
              />
            )}
          </FormField>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Spinner /> : null}
            Verify
          </Button>
        </form>
        {email && mode ? (
          <p className="mt-6 text-center text-sm text-muted-foreground">
            No code yet? <ResendCodeButton email={email} mode={mode} />
          </p>
        ) : null}
        <p className="mt-2 text-center text-sm text-muted-foreground">
          Wrong address?{' '}
          <Link
            to="/auth/login"
            className="font-medium text-foreground underline underline-offset-4"
          >
            Start again
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
