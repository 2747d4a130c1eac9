import { createFileRoute, useRouterState } from '@tanstack/react-router';
import '@/features/auth/history-state';
import { VerifyForm } from '@/features/auth/components/verify-form';

export const Route = createFileRoute('/auth/verify')({
  head: () => ({ meta: [{ title: 'Verify · stocksync' }] }),
  component: VerifyPage,
});

function VerifyPage() {
  // Set by the sign-in and sign-up forms; without it the server uses its pending-sign-in cookie.
  const email = useRouterState({ select: (state) => state.location.state.email });
  const codeMode = useRouterState({ select: (state) => state.location.state.codeMode });
  const returnTo = useRouterState({ select: (state) => state.location.state.returnTo });
  return <VerifyForm email={email} mode={codeMode} returnTo={returnTo} />;
}
