import { createFileRoute } from '@tanstack/react-router';
import { homeRedirect } from '@/lib/home-redirect';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw homeRedirect();
  },
});
