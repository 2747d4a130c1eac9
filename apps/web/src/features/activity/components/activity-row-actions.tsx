import { MoreHorizontal, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCan } from '@/lib/roles';
import { useDeleteActivity } from '../api/delete-activity';
import type { Activity } from '../api/types';

/** The row action menu: one item, Delete, disabled while that delete is pending (spec §2). */
export function ActivityRowActions({ orgId, activity }: { orgId: string; activity: Activity }) {
  const remove = useDeleteActivity();
  const canDelete = useCan('deleteV1ActivityLogsById');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Actions for ${activity.activity}`}
        >
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-32">
        <DropdownMenuItem
          disabled={!canDelete.allowed || remove.isPending}
          title={canDelete.reason || undefined}
          onSelect={() => remove.mutate({ orgId, id: activity.id })}
          className="text-destructive focus:text-destructive"
        >
          <Trash2 aria-hidden /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
