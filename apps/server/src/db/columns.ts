import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to; migrations use it to pick column types. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** The column type for a point in time on each engine (see schema.ts `Timestamp`). */
export function timestampType(dialect: DialectName): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** Reads a timestamp column the same way on both engines. */
export function toIsoTimestamp(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite keeps what toISOString wrote; parsing it again only costs time.
  return isoTimestamp.test(value) ? value : new Date(value).toISOString();
}

const isoTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Reads a boolean column the same way on both engines (SQLite answers 0 or 1). */
export function toBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}
