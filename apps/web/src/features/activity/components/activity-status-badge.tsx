import { Badge } from '@/components/ui/badge';
import type { ActivityStatus } from '../api/types';

const STATUS: Record<
  ActivityStatus,
  { label: string; variant: 'success' | 'destructive' | 'info' | 'warning' }
> = {
  success: { label: 'Success', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
  info: { label: 'Info', variant: 'info' },
  warning: { label: 'Warning', variant: 'warning' },
  in_progress: { label: 'In progress', variant: 'warning' },
};

export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  const known = STATUS[status] ?? { label: status, variant: 'info' as const };
  return <Badge variant={known.variant}>{known.label}</Badge>;
}
