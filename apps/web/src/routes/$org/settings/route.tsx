import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SettingsLayout } from '@/features/settings/components/settings-layout';

export const Route = createFileRoute('/$org/settings')({
  component: SettingsRoute,
});

function SettingsRoute() {
  const { organization } = Route.useRouteContext();
  return (
    <SettingsLayout organization={organization}>
      <Outlet />
    </SettingsLayout>
  );
}
