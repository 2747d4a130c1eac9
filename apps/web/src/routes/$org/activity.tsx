import { createFileRoute } from '@tanstack/react-router';
import { ActivityScreen } from '@/features/activity/components/activity-screen';

export const Route = createFileRoute('/$org/activity')({
  head: () => ({ meta: [{ title: 'Activity · stocksync' }] }),
  component: ActivityScreen,
});
