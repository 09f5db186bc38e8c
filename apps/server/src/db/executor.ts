import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A database or a transaction: repositories work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>;
