// The analytics feature's public entry: the dashboard's figures and its range in the URL.
export { AnalyticsOverview } from './components/analytics-overview';
export { analyticsRangeSearchSchema, type AnalyticsRangeSearch } from './analytics-range';
export { analyticsKeys } from './api/get-summary';
