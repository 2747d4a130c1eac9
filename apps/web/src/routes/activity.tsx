import { createFileRoute } from '@tanstack/react-router';
import { orgSectionRedirect } from '@/lib/org-section-redirect';

/** Shortcut: /activity → /{orgName}/activity of the current organisation, else the first. */
export const Route = createFileRoute('/activity')({
  beforeLoad: ({ search }) => {
    throw orgSectionRedirect('/$org/activity', search);
  },
});
