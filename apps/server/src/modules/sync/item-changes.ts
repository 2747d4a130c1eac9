import { ChangesRepository } from './changes-repository';
import { ChecksRepository } from './checks-repository';
import type { ChangesPass } from './connection-jobs';
import { call, type Session, type SyncContext } from './session';
import { Wakeups } from './wakeups';

/**
 * One page of an eBay pass: every item's quantity (eBay has no changed-since read), 200 a page.
 * Listings that differ from what we know are flagged for a read, whose difference is applied once
 * it has settled (ADR 0025); the next page is read in the connection's next run of the check.
 */
export async function itemChangesPage(
  context: SyncContext,
  session: Session,
  pass: ChangesPass,
): Promise<ChangesPass | null> {
  const { db, clock } = context;
  const changes = new ChangesRepository(db);
  // Every item is read: not worth eBay's quota while nothing of the account syncs.
  if (!(await changes.hasSynced(session.id))) return null;
  const answer = await call(context, () =>
    session.adapter.readInventoryChanges!(session.credentials, {
      since: clock.now().toISOString(),
      after: pass.after,
    }),
  );
  const levels = answer.levels.flatMap((level) =>
    level.externalVariantId
      ? [{ externalVariantId: level.externalVariantId, available: level.available }]
      : [],
  );
  const ids = await changes.differing(session.id, levels);
  await new ChecksRepository(db).requestChecks(ids);
  if (ids.length > 0) {
    const wakeups = new Wakeups();
    wakeups.add('sync_connection', session.id);
    await wakeups.flush(db);
  }
  return answer.next ? { ...pass, after: answer.next, spent: pass.spent + answer.cost } : null;
}
