import { type RawBuilder, sql } from 'kysely';

/** Escapes LIKE's wildcards in text that is not a pattern (a hash, an address, a name). */
export function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `column like pattern` with the backslash as escape on both engines: PostgreSQL escapes with
 * it by default, SQLite has no escape character unless told.
 */
export function like(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
