import { createFileRoute } from '@tanstack/react-router';
import { EmailForm } from '@/features/auth/components/email-form';

export const Route = createFileRoute('/auth/signup')({
  head: () => ({ meta: [{ title: 'Create account · stocksync' }] }),
  component: () => <EmailForm mode="signup" />,
});
