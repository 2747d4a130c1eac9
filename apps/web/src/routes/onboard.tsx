import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { OnboardForm } from '@/features/organizations/components/onboard-form';
import { getSession, useSession } from '@/lib/session';
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
  const { account } = useSession();
  return (
    <AuthLayout>
      <OnboardForm />
      <div className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <span>Signed in as {account?.email}</span>
        <LogoutButton />
      </div>
    </AuthLayout>
  );
}
