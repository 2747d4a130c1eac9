import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { selectionColumn } from '@/components/ui/data-table-selection';
import type { Activity } from '../api/types';
import { ActivityRowActions } from './activity-row-actions';
import { ActivityStatusBadge } from './activity-status-badge';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function useActivityColumns(orgId: string) {
  return useMemo<ColumnDef<Activity>[]>(
    () => [
      selectionColumn<Activity>((activity) => activity.activity),
      {
        id: 'activity',
        header: 'Activity',
        cell: ({ row }) => <span className="font-medium">{row.original.activity}</span>,
      },
      {
        id: 'note',
        header: 'Note',
        meta: { className: 'max-w-md text-muted-foreground' },
        cell: ({ row }) => <span className="line-clamp-2">{row.original.note}</span>,
      },
      {
        id: 'by',
        header: 'By',
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) =>
          row.original.user_id ? (
            <span>{row.original.user_email ?? 'A former account'}</span>
          ) : (
            <span className="text-muted-foreground">stocksync</span>
          ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <ActivityStatusBadge status={row.original.status} />,
      },
      {
        id: 'time',
        header: 'Time',
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row }) => (
          <time dateTime={row.original.created_at}>
            {timeFormat.format(new Date(row.original.created_at))}
          </time>
        ),
      },
      {
        id: 'actions',
        size: 48,
        meta: { fixedWidth: true },
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => <ActivityRowActions orgId={orgId} activity={row.original} />,
      },
    ],
    [orgId],
  );
}
