import { sql } from 'kysely';
import {
  defaultSkuSettings,
  type SkuSettings,
  type SkuSettingsResponse,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { SkuSettingsTable } from '../../db/tables/catalog';

export interface StoredSkuSettings extends SkuSettingsResponse {
  /** {SEQ} of the next generated SKU. */
  nextSeq: number;
}

const columns = [
  'id',
  'prefix',
  'suffix',
  'delimiter',
  'auto_create',
  'generation_strategy',
  'sku_template',
  'sku_length',
  'character_set',
  'custom_characters',
  'max_retries',
  'next_seq',
] as const;

type Row = Pick<SkuSettingsTable, Exclude<(typeof columns)[number], 'id' | 'next_seq'>> & {
  id: string;
  next_seq: string;
};

function fromRow(r: Row): StoredSkuSettings {
  return {
    id: r.id,
    prefix: r.prefix,
    suffix: r.suffix,
    delimiter: r.delimiter,
    autoCreate: r.auto_create,
    generationStrategy: r.generation_strategy,
    skuTemplate: r.sku_template,
    skuLength: r.sku_length,
    characterSet: r.character_set,
    customCharacters: r.custom_characters,
    maxRetries: r.max_retries,
    nextSeq: Number(r.next_seq),
  };
}

function toColumns(s: SkuSettings) {
  return {
    prefix: s.prefix,
    suffix: s.suffix,
    delimiter: s.delimiter,
    auto_create: s.autoCreate,
    generation_strategy: s.generationStrategy,
    sku_template: s.skuTemplate,
    sku_length: s.skuLength,
    character_set: s.characterSet,
    custom_characters: s.customCharacters,
    max_retries: s.maxRetries,
  };
}

/** One row per organisation, created with the contract's defaults on first use. */
export class SkuSettingsRepository {
  constructor(private readonly db: Db) {}

  private async ensure(organizationId: string): Promise<void> {
    await this.db
      .insertInto('sku_settings')
      .values({ organization_id: organizationId, ...toColumns(defaultSkuSettings) })
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .execute();
  }

  async get(organizationId: string): Promise<StoredSkuSettings> {
    const existing = await this.db
      .selectFrom('sku_settings')
      .select(columns)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (existing) return fromRow(existing);
    await this.ensure(organizationId);
    return fromRow(
      await this.db
        .selectFrom('sku_settings')
        .select(columns)
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow(),
    );
  }

  /** The row, locked until the transaction ends, so generations of one organisation queue up. */
  async lock(organizationId: string): Promise<StoredSkuSettings> {
    await this.ensure(organizationId);
    return fromRow(
      await this.db
        .selectFrom('sku_settings')
        .select(columns)
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirstOrThrow(),
    );
  }

  async save(organizationId: string, settings: SkuSettings, now: Date): Promise<StoredSkuSettings> {
    const row = await this.db
      .insertInto('sku_settings')
      .values({ organization_id: organizationId, ...toColumns(settings), updated_at: now })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet({ ...toColumns(settings), updated_at: now }),
      )
      .returning(columns)
      .executeTakeFirstOrThrow();
    return fromRow(row);
  }

  async advanceSequence(organizationId: string, by: number): Promise<void> {
    await this.db
      .updateTable('sku_settings')
      .set({ next_seq: sql`next_seq + ${by}` })
      .where('organization_id', '=', organizationId)
      .execute();
  }
}
