import type { InventoryLevel } from '@stocksync/channels';
import { ChangesRepository } from './changes-repository';
import type { ChangesPass } from './connection-jobs';
import { IntakeRepository } from './intake-repository';
import { call, type Session, type SyncContext } from './session';
import { Wakeups } from './wakeups';
import { planWebhook } from './webhook-plan';

const latest = (a: string, b: string | null) =>
  b && Date.parse(b) > Date.parse(a) ? new Date(b).toISOString() : a;

/**
 * One page of a Shopify pass: the levels at the synced locations (in order) changed since the
 * newest change the last pass saw, less the overlap (the first pass starts one interval back on
 * our clock). They are planned as one stock webhook, so a level newer than what we know stands in
 * for a read (ADR 0027), and the connection's job applies it. Once the pass is complete, the next
 * one reads from its newest change, but never from later than this pass began: a level that
 * changed after its page was read is found by the next pass, whatever the pass's length.
 */
export async function shopifyChangesPage(
  context: SyncContext,
  session: Session,
  settings: { interval: number; changesOverlapMs: number },
  pass: ChangesPass,
): Promise<ChangesPass | null> {
  const { db, clock, connections } = context;
  const locations = await new ChangesRepository(db).locations(session.id);
  // Where the pass stopped, or the next location if that one no longer syncs.
  const location = locations.find((l) => pass.location === undefined || l >= pass.location);
  if (location === undefined && pass.since === undefined) return null; // nothing syncs here
  let { since, newest } = pass;
  if (since === undefined || newest === undefined) {
    const seen = (await connections.find(session.id))?.changes_seen_at ?? null;
    const from = seen ?? new Date(clock.now().getTime() - settings.interval);
    since = new Date(from.getTime() - settings.changesOverlapMs).toISOString();
    newest = from.toISOString();
  }
  if (location !== undefined) {
    const after = location === pass.location ? pass.after : null;
    const answer = await call(context, () =>
      session.adapter.readInventoryChanges!(session.credentials, {
        since,
        locationId: location,
        after,
      }),
    );
    await flagChanged(context, session, answer.levels);
    newest = latest(newest, answer.until);
    const following = locations.find((l) => l > location);
    const rest = answer.next
      ? { location, after: answer.next }
      : following && { location: following, after: null };
    if (rest) return { ...pass, since, newest, spent: pass.spent + answer.cost, ...rest };
  }
  const started = Date.parse(pass.started);
  await connections.setChangesSeenAt(session.id, new Date(Math.min(Date.parse(newest), started)));
  return null;
}

/** Levels that differ from what we know, flagged as a stock webhook flags them; the job woken. */
async function flagChanged(
  context: SyncContext,
  session: Session,
  levels: InventoryLevel[],
): Promise<void> {
  const { db, clock } = context;
  const plan = await planWebhook(
    db,
    'shopify',
    {
      eventId: `changes:${session.id}`,
      topic: 'inventory_levels/update',
      kind: 'inventory',
      items: levels.map(({ available, updatedAt, ...ref }) => ({
        ref,
        available,
        ...(updatedAt ? { updatedAt } : {}),
      })),
      payload: null,
    },
    [session.id],
  );
  if (plan === 'echo' || plan.checks.listings.length === 0) return;
  await db
    .transaction()
    .execute((trx) =>
      new IntakeRepository(trx).recordWebhookRequests(plan.checks, null, clock.now()),
    );
  const wakeups = new Wakeups();
  wakeups.add('sync_connection', session.id);
  await wakeups.flush(db);
}
