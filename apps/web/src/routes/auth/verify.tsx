import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyForm } from '@/features/auth/components/verify-form';

const verifySearchSchema = z.object({
  email: z.string().email().optional().catch(undefined),
});

export const Route = createFileRoute('/auth/verify')({
  validateSearch: verifySearchSchema,
  head: () => ({ meta: [{ title: 'Verify · stocksync' }] }),
  component: VerifyPage,
});

function VerifyPage() {
  const { email } = Route.useSearch();
  return <VerifyForm email={email} />;
}
