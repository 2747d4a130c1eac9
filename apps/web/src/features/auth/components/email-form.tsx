import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import '../history-state';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import {
  emailFormSchema,
  useRequestCode,
  type EmailFormValues,
  type RequestCodeMode,
} from '../api/request-code';

const COPY: Record<RequestCodeMode, { title: string; description: string; submit: string }> = {
  login: {
    title: 'Sign in',
    description: 'Enter your email and we will send you a 6-digit sign-in code.',
    submit: 'Send sign-in code',
  },
  signup: {
    title: 'Create your account',
    description: 'Enter your email and we will send you a 6-digit code to verify it.',
    submit: 'Create account',
  },
};

/** `returnTo`: the page to open after the code is verified (a deep link that needed sign-in). */
export function EmailForm({ mode, returnTo }: { mode: RequestCodeMode; returnTo?: string }) {
  const navigate = useNavigate();
  const requestCode = useRequestCode(mode);
  const form = useForm<EmailFormValues>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const copy = COPY[mode];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestCode.mutateAsync(values);
      // The address travels in history state, not the URL, so it stays out of logs and analytics.
      await navigate({
        to: '/auth/verify',
        state: (prev) => ({ ...prev, email: values.email, codeMode: mode, returnTo }),
      });
    } catch (error) {
      if (isApiError(error) && error.field === 'email') {
        form.setError('email', { message: error.message });
      } else {
        toast.error(error instanceof Error ? error.message : 'Could not send the code');
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{copy.title}</CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="email" label="Email" error={form.formState.errors.email?.message}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                autoFocus
                placeholder="you@example.com"
                {...form.register('email')}
              />
            )}
          </FormField>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Spinner /> : null}
            {copy.submit}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {mode === 'login' ? 'New to stocksync? ' : 'Already have an account? '}
          <Link
            to={mode === 'login' ? '/auth/signup' : '/auth/login'}
            className="font-medium text-foreground underline underline-offset-4"
          >
            {mode === 'login' ? 'Create an account' : 'Sign in'}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
