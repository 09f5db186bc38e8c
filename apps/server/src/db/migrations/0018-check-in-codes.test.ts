import { checkInCodeAlphabet, shortCheckInCodeLength } from '@lanparty/contract/rules';
import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite, testEngines } from '../../../test/test-database.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../database.ts';
import { migrations } from './index.ts';

const thisMigration = '0018-check-in-codes';

// biome-ignore lint/suspicious/noExplicitAny: rows written as the tables were at the time
type Untyped = Kysely<any>;

/** A lan with the columns every version since 0016 has (later ones have defaults). */
async function insertLan(db: Untyped, name: string): Promise<number> {
  const now = new Date().toISOString();
  const lan = await db
    .insertInto('lans')
    .values({
      name,
      description: '',
      start_date: now,
      end_date: now,
      is_active: true,
      maximum_subscribers: 100,
      price_cents: 3000,
      members_price_cents: 2500,
      location_is_payed: false,
      creation_date: now,
      modification_date: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return lan.id;
}

async function insertUser(db: Untyped, index: number): Promise<number> {
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      subject: `subject-${index}`,
      nickname: `lanner${index}`,
      is_email_activated: false,
      creation_date: now,
      modification_date: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

describe.each(testEngines)('migration 0018 (check-in codes) on %s', (engine) => {
  let site: TestSite | undefined;
  let db: AppDatabase | undefined;
  afterEach(async () => {
    await db?.destroy();
    await site?.cleanUp();
  });

  /** A database migrated up to the migration before this one. */
  async function databaseBeforeThisMigration(): Promise<AppDatabase> {
    site = await createTestSite(engine, {}, { from: 'empty' });
    db = createDatabase(site.config.database);
    const schema = databaseSchemaOf(site.config);
    const before = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name < thisMigration),
    );
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    if (error) throw error;
    return db;
  }

  it('gives every existing subscription a short code, unique within its lan', async () => {
    const database = await databaseBeforeThisMigration();
    const old = database as unknown as Untyped;
    const now = new Date().toISOString();
    const lanIds = [await insertLan(old, 'Spring lan'), await insertLan(old, 'Summer lan')];
    const statuses = ['Pending', 'Accepted', 'Paid', 'Denied'];
    for (let index = 0; index < 40; index += 1) {
      const userId = await insertUser(old, index);
      for (const lanId of lanIds) {
        const status = statuses[index % statuses.length];
        await old
          .insertInto('subscribers')
          .values({
            lan_id: lanId,
            user_id: userId,
            status,
            present: status === 'Paid' ? true : null,
            check_in_code: `${lanId}-${index}`.padEnd(26, 'X'),
            creation_date: now,
            modification_date: now,
          })
          .execute();
      }
    }

    await migrateToLatest(database, site ? databaseSchemaOf(site.config) : undefined);

    const rows = await database
      .selectFrom('subscribers')
      .select(['lan_id', 'short_code', 'checked_in_at', 'checked_in_by_user_id', 'present'])
      .execute();
    expect(rows).toHaveLength(80);
    for (const row of rows) {
      expect(row.short_code).toHaveLength(shortCheckInCodeLength);
      expect([...(row.short_code ?? '')].every((c) => checkInCodeAlphabet.includes(c))).toBe(true);
      // Presences marked before 0018 keep no time: nobody recorded one.
      expect(row.checked_in_at).toBeNull();
      expect(row.checked_in_by_user_id).toBeNull();
    }
    for (const lanId of lanIds) {
      const codes = rows.filter((row) => row.lan_id === lanId).map((row) => row.short_code);
      expect(new Set(codes).size).toBe(40);
    }
  });

  it('lets a later migration of the same start change the table it filled', async () => {
    const database = await databaseBeforeThisMigration();
    const old = database as unknown as Untyped;
    const lanId = await insertLan(old, 'Lan');
    const now = new Date().toISOString();
    for (let index = 0; index < 3; index += 1) {
      await old
        .insertInto('subscribers')
        .values({
          lan_id: lanId,
          user_id: await insertUser(old, index),
          status: 'Pending',
          check_in_code: `CODE${index}`,
          creation_date: now,
          modification_date: now,
        })
        .execute();
    }
    const schema = site ? databaseSchemaOf(site.config) : undefined;
    const { error } = await new Migrator({
      db: database,
      provider: {
        getMigrations: async () => ({
          ...migrations,
          // Run in the same transaction as 0018 on PostgreSQL, after it.
          '9999-later': {
            up: async (db) => {
              await db.schema
                .createIndex('later_index')
                .on('subscribers')
                .column('status')
                .execute();
            },
          },
        }),
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    expect(error).toBeUndefined();
  });

  it('refuses a second subscription of a lan with the same short code', async () => {
    const database = await databaseBeforeThisMigration();
    await migrateToLatest(database, site ? databaseSchemaOf(site.config) : undefined);
    const untyped = database as unknown as Untyped;
    const now = new Date().toISOString();
    const lanId = await insertLan(untyped, 'Lan');
    const subscribe = async (index: number, shortCode: string) => {
      const userId = await insertUser(untyped, index);
      await database
        .insertInto('subscribers')
        .values({
          lan_id: lanId,
          user_id: userId,
          status: 'Pending',
          present: null,
          amount_due_cents: null,
          check_in_code: `CODE${index}`,
          short_code: shortCode,
          creation_date: now,
          modification_date: now,
        })
        .execute();
    };
    await subscribe(1, '7KQ4MZ2X');
    await subscribe(2, '7KQ4MZ2Y');
    await expect(subscribe(3, '7KQ4MZ2X')).rejects.toThrow();
  });
});
