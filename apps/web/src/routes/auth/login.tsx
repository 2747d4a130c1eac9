import { createFileRoute } from '@tanstack/react-router';
import { EmailForm } from '@/features/auth/components/email-form';

export const Route = createFileRoute('/auth/login')({
  head: () => ({ meta: [{ title: 'Sign in · stocksync' }] }),
  component: () => <EmailForm mode="login" />,
});
