import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Regular-expression text matching `text` literally (PostgreSQL's ARE escapes as JavaScript's do). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names removed from the activity log when the person they name asks to be forgotten. */
export class ActivityErasureRepository {
  constructor(private readonly db: Db) {}

  /**
   * Replaces the account's names in the organisation's activity entries. Entries name an account
   * as `eBay <alias>`, `eBay account <alias>`, `eBay '<alias>'` or `eBay notifications for <alias>`
   * (connections, imports, sync), and an eBay alias starts as the eBay username.
   */
  async scrubAccountNames(
    organizationId: string,
    platformName: string,
    names: readonly string[],
    replacement: string,
  ): Promise<void> {
    const distinct = [...new Set(names.filter((name) => name.length > 0))];
    if (distinct.length === 0) return;
    const pattern =
      `(${literal(platformName)} (?:account |notifications for )?'?)` +
      `(?:${distinct.map(literal).join('|')})(?![A-Za-z0-9._-])`;
    const to = `\\1${replacement.replace(/\\/g, '\\\\')}`;
    // A stock change's entry keeps its facts in `details`: every text among them (its source names
    // the account) is scrubbed as the note would be.
    await sql`
      UPDATE activity_logs
      SET activity = regexp_replace(activity, ${pattern}, ${to}, 'g'),
          note = regexp_replace(note, ${pattern}, ${to}, 'g'),
          details = (
            SELECT jsonb_object_agg(key, CASE jsonb_typeof(value)
              WHEN 'string' THEN to_jsonb(regexp_replace(value #>> '{}', ${pattern}, ${to}, 'g'))
              ELSE value END)
            FROM jsonb_each(details))
      WHERE organization_id = ${organizationId}
        AND (activity ~ ${pattern} OR note ~ ${pattern}
             OR EXISTS (SELECT 1 FROM jsonb_each_text(details) d WHERE d.value ~ ${pattern}))`.execute(
      this.db,
    );
  }
}
