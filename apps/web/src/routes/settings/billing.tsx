import { createFileRoute } from '@tanstack/react-router';
import { orgSectionRedirect } from '@/lib/org-section-redirect';

/** Shortcut: /settings/billing → /{orgName}/settings/billing of the current organisation, else the first. */
export const Route = createFileRoute('/settings/billing')({
  beforeLoad: ({ search }) => {
    throw orgSectionRedirect('/$org/settings/billing', search);
  },
});
