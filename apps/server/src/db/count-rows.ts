import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How many rows a query's joins and filters find, before any paging: the `total` answered
 * beside a page of them. node:sqlite counts in a number, pg in a string.
 */
export async function countRowsOf<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
): Promise<number> {
  const { total } = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
