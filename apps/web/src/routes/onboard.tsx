import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { OnboardForm } from '@/features/organizations/components/onboard-form';
import { getSession } from '@/lib/session';
import { requireLogin } from '@/lib/home-redirect';

export const Route = createFileRoute('/onboard')({
  beforeLoad: () => {
    requireLogin();
    const first = getSession().account?.orgs[0];
    if (first?.name) {
      throw redirect({ to: '/$org/dashboard', params: { org: first.name }, replace: true });
    }
  },
  component: OnboardPage,
});

function OnboardPage() {
  return (
    <AuthLayout>
      <OnboardForm />
    </AuthLayout>
  );
}
