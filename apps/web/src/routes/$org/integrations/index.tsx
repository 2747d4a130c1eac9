import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsScreen } from '@/features/integrations/components/integrations-screen';

export const Route = createFileRoute('/$org/integrations/')({
  head: () => ({ meta: [{ title: 'Integrations · stocksync' }] }),
  component: IntegrationsScreen,
});
