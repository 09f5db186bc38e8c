import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The site's database (made by `createDatabase` in database.ts). Here, below database.ts,
 * so that what database.ts itself imports (data-versions.ts) can name it without a cycle.
 */
export type AppDatabase = Kysely<Database>;

/** A database or a transaction: repositories work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>;
