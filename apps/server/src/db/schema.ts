import type { ColumnType } from 'kysely';

/**
 * Timestamps are ISO-8601 UTC text on SQLite and timestamptz on PostgreSQL; written
 * as ISO strings, read back through `toIsoTimestamp`.
 */
export type Timestamp = ColumnType<Date | string, string, string>;

/** Key/value settings of the community (lan defaults and the like). */
export type SettingsTable = {
  key: string;
  value: string;
  modification_date: Timestamp;
};

/** Every table, as Kysely sees it. Each migration that adds a table adds it here. */
export type Database = {
  settings: SettingsTable;
};
