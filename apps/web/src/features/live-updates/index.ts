export { LiveUpdatesNotice } from './live-updates-notice';
export { useLiveUpdates } from './use-live-updates';
export { membershipToastId } from './membership-refresh';
