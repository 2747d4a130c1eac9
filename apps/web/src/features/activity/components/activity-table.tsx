import { useState, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/roles';
import { useDeleteActivities } from '../api/delete-activities';
import type { Activity } from '../api/types';
import { useActivityColumns } from './use-activity-columns';

type ActivityTableProps = {
  orgId: string;
  activities: Activity[];
  busy: boolean;
  footer: (selectedCount: number) => ReactNode;
};

/** One page of activity; remounted per page, so the selection belongs to the page. */
export function ActivityTable({ orgId, activities, busy, footer }: ActivityTableProps) {
  const columns = useActivityColumns(orgId);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const removeMany = useDeleteActivities();
  // Entries say who did what: deleting them is for admins and the owner.
  const canDelete = useCan('deleteV1ActivityLogs');

  // eslint-disable-next-line react-hooks/incompatible-library -- used for rendering only
  const table = useReactTable({
    data: activities,
    columns,
    state: { rowSelection },
    getRowId: (activity) => activity.id,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
  });

  const selectedIds = activities.filter((a) => rowSelection[a.id]).map((a) => a.id);

  return (
    <div className="grid gap-3">
      <div
        role="toolbar"
        aria-label="Actions on selected activity"
        className="flex flex-wrap items-center gap-2"
      >
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {!canDelete.allowed
            ? `Deleting entries: ${canDelete.reason.toLowerCase()}`
            : selectedIds.length === 0
              ? 'Select entries to delete them'
              : `${selectedIds.length} selected`}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={!canDelete.allowed || selectedIds.length === 0 || removeMany.isPending}
          onClick={() =>
            removeMany.mutate({ orgId, ids: selectedIds }, { onSuccess: () => setRowSelection({}) })
          }
        >
          {removeMany.isPending ? <Spinner /> : <Trash2 aria-hidden />}
          Delete selected
        </Button>
      </div>
      <DataTable table={table} label="Activity" busy={busy} empty="No activity on this page." />
      {footer(selectedIds.length)}
    </div>
  );
}
