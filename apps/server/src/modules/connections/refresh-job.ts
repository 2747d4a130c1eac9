import type { Logger } from 'graphile-worker';
import { messageOf, type ConnectionsService } from './service';

/**
 * Refreshes every active connection whose access token expires soon. A refusal (AuthError) marks
 * the connection needs_reauth inside refreshOne; any other failure is collected and rethrown at the
 * end so graphile-worker retries the job with backoff (connections already refreshed are no longer
 * due, so a retry only redoes the failed ones).
 */
export async function refreshDueTokens(
  connections: ConnectionsService,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<void> {
  const due = await connections.dueForRefresh();
  const failures: string[] = [];
  let refreshed = 0;
  let reauth = 0;
  for (const id of due) {
    try {
      const outcome = await connections.refreshOne(id);
      if (outcome === 'refreshed') refreshed++;
      if (outcome === 'needs_reauth') reauth++;
    } catch (error) {
      failures.push(`${id}: ${messageOf(error)}`);
    }
  }
  logger.info(
    `token refresh: ${refreshed} refreshed, ${reauth} need re-authorisation, ${failures.length} failed`,
  );
  if (failures.length > 0) {
    logger.warn(`token refresh failures (will retry): ${failures.join('; ')}`);
    throw new Error(`${failures.length} token refreshes failed transiently`);
  }
}
