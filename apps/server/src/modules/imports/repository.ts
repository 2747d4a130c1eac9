import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { ImportsTable } from '../../db/tables/imports';

export type ImportRow = Selectable<ImportsTable>;

/** The imports table: one row per import, its progress and outcome. */
export class ImportsRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    organizationId: string;
    connectionId: string;
    userId: string;
    productIds: string[] | null;
    writeBackSkus: boolean;
    now: Date;
  }): Promise<string> {
    const row = await this.db
      .insertInto('imports')
      .values({
        organization_id: input.organizationId,
        connection_id: input.connectionId,
        user_id: input.userId,
        product_ids: input.productIds,
        write_back_skus: input.writeBackSkus,
        total: input.productIds?.length ?? 0,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The import, within the organisation when one is given. */
  find(id: string, organizationId?: string): Promise<ImportRow | undefined> {
    let query = this.db.selectFrom('imports').selectAll().where('id', '=', id);
    if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
    return query.executeTakeFirst();
  }

  /** The import, locked for its undo. */
  lockForUndo(id: string, organizationId: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .executeTakeFirst();
  }

  async markUndone(id: string, userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ undone_at: now, undone_by: userId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Which of these imports changed something (and so can be undone). */
  async withChanges(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('imports as i')
      .select('i.id')
      .where('i.id', 'in', [...ids])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('import_changes as c').select('c.id').whereRef('c.import_id', '=', 'i.id'),
        ),
      )
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The organisation's 20 latest imports, of one connection when given. */
  latest(organizationId: string, connectionId?: string): Promise<ImportRow[]> {
    let query = this.db
      .selectFrom('imports')
      .selectAll()
      .where('organization_id', '=', organizationId);
    if (connectionId) query = query.where('connection_id', '=', connectionId);
    return query.orderBy('created_at', 'desc').orderBy('id').limit(20).execute();
  }

  /** A (re)started run counts from zero; the first start's time is kept. */
  async markRunning(row: ImportRow, now: Date): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({
        status: 'running',
        started_at: row.started_at ?? now,
        done: 0,
        failed: 0,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
  }

  async setTotal(id: string, total: number, now: Date): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ total, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async addProgress(id: string, done: number, failed: number, now: Date): Promise<void> {
    await this.db
      .updateTable('imports')
      .set((eb) => ({
        done: eb('done', '+', done),
        failed: eb('failed', '+', failed),
        updated_at: now,
      }))
      .where('id', '=', id)
      .execute();
  }

  async addFailed(id: string, failed: number): Promise<void> {
    await this.db
      .updateTable('imports')
      .set((eb) => ({ failed: eb('failed', '+', failed) }))
      .where('id', '=', id)
      .execute();
  }

  async setError(id: string, error: string, now: Date): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ error, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Closes the import; answers its final counts. */
  finish(id: string, status: 'completed' | 'failed', error: string | null, now: Date) {
    return this.db
      .updateTable('imports')
      .set({ status, finished_at: now, error, updated_at: now })
      .where('id', '=', id)
      .returning(['done', 'failed', 'total'])
      .executeTakeFirstOrThrow();
  }
}
