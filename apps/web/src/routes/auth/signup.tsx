import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EmailForm } from '@/features/auth/components/email-form';
import { safeReturnPath } from '@/lib/return-path';

// ?redirect=: the page to open once signed up (an invitation's accept screen).
const searchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/auth/signup')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Create account · stocksync' }] }),
  component: SignupPage,
});

function SignupPage() {
  const { redirect } = Route.useSearch();
  return <EmailForm mode="signup" returnTo={safeReturnPath(redirect)} />;
}
