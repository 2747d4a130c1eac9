// Shapes of GET /v1/activity_logs; kept local until the contract package exports them.
export const ACTIVITY_STATUSES = ['success', 'error', 'info', 'in_progress'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export type Activity = {
  id: string;
  activity: string;
  note: string;
  status: ActivityStatus;
  created_at: string;
  user_email: string | null;
};

export type ActivityList = {
  activities: Activity[];
  total: number;
  page: number;
  pageSize: number;
};

export type ActivityListParams = { page: number; pageSize: number };
