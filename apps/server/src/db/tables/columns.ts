import type { ColumnType } from 'kysely';

// Column types shared by the tables of several modules.

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** NUMERIC(12,2): read as an exact decimal string ("12.50"), written as a string. */
export type Money = ColumnType<string, string | undefined, string>;
/** int8: pg returns it as a string. */
export type BigCount = ColumnType<string, never, never>;
