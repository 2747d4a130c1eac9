// Activity log shapes come from the shared contract.
export {
  activityStatuses as ACTIVITY_STATUSES,
  type Activity,
  type ActivityStatus,
  type DeleteActivitiesResponse,
  type ListActivitiesResponse as ActivityList,
} from '@stocksync/contract';

/** `userId`: only that member's entries. */
export type ActivityListParams = { page: number; pageSize: number; userId?: string };
