import { createFileRoute } from '@tanstack/react-router';
import { orgSectionRedirect } from '@/lib/org-section-redirect';

/** Shortcut: /dashboard → /{orgName}/dashboard of the current organisation, else the first. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ search }) => {
    throw orgSectionRedirect('/$org/dashboard', search);
  },
});
