import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$org/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$org/dashboard', params, replace: true });
  },
});
