import { createFileRoute, redirect } from '@tanstack/react-router';

// Visiting exactly /{org}/settings goes to the organisation's own settings (spec §2).
export const Route = createFileRoute('/$org/settings/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$org/settings/organization', params, replace: true });
  },
});
