import { createFileRoute } from '@tanstack/react-router';
import { orgSectionRedirect } from '@/lib/org-section-redirect';

/** Shortcut: /inventory → /{orgName}/inventory of the current organisation, else the first. */
export const Route = createFileRoute('/inventory')({
  beforeLoad: ({ search }) => {
    throw orgSectionRedirect('/$org/inventory', search);
  },
});
