import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EmailForm } from '@/features/auth/components/email-form';
import { safeReturnPath } from '@/lib/return-path';

// ?redirect=/{org}/…: the page a signed-out visitor asked for (set by signInRedirect).
const searchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/auth/login')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Sign in · stocksync' }] }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  return <EmailForm mode="login" returnTo={safeReturnPath(redirect)} />;
}
