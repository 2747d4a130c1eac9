import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '@/components/layout/auth-layout';
import { AcceptInvitation } from '@/features/members/components/accept-invitation';

const searchSchema = z.object({ token: z.string().catch('') });

/** Where an invitation mail's link lands, signed in or not (issue 24). */
export const Route = createFileRoute('/invitations/accept')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Invitation · stocksync' }] }),
  component: AcceptPage,
});

function AcceptPage() {
  const { token } = Route.useSearch();
  return (
    <AuthLayout>
      <AcceptInvitation token={token} />
    </AuthLayout>
  );
}
