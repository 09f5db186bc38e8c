import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep, setImmediate as yieldToIo } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createTestSite,
  type Engine,
  type TestSite,
  testEngines,
} from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { insertLan, type LanValues } from '../modules/lans/lans.repository.ts';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { type AppDatabase, createDatabase, databaseSchemaOf, migrateToLatest } from './database.ts';

const day = 24 * 60 * 60 * 1000;
const writeCountKey = 'backup-test-write-count';

function lanValuesOf(number: number): LanValues {
  return {
    name: `Load lan ${number}`,
    // Some bulk, so the copy has pages enough to overlap with the writes.
    description: 'Bring a cable. '.repeat(60),
    startDate: new Date(Date.now() + 10 * day).toISOString(),
    endDate: new Date(Date.now() + 12 * day).toISOString(),
    isActive: true,
    maximumSubscribers: 20,
    priceCents: 3000,
    membersPriceCents: 2500,
    locationInvoiceNumber: null,
    locationIsPayed: false,
    location: null,
  };
}

/**
 * One writer, one small transaction after another: a lan and the count of lans so far. A
 * write is acknowledged when its promise resolves, as a request's would be.
 */
function startWriteLoad(db: AppDatabase) {
  const acknowledged: number[] = [];
  let isStopping = false;
  const running = (async () => {
    while (!isStopping) {
      const number = acknowledged.length + 1;
      const now = new Date().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const lan = await insertLan(trx, lanValuesOf(number), new Date(now));
        await trx
          .insertInto('settings')
          .values({ key: writeCountKey, value: String(number), modification_date: now })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({ value: String(number), modification_date: now }),
          )
          .execute();
        return lan.id;
      });
      acknowledged.push(id);
      // A site serves requests between writes; node:sqlite's promises alone never let the
      // backup's completion through.
      await yieldToIo();
    }
  })();
  return {
    acknowledged,
    async waitFor(count: number) {
      while (acknowledged.length < count) await sleep(5);
    },
    async stop() {
      isStopping = true;
      await running;
    },
  };
}

async function openMigrated(config: Config): Promise<AppDatabase> {
  const db = createDatabase(config.database);
  await migrateToLatest(db, databaseSchemaOf(config));
  return db;
}

async function readLoadLans(db: AppDatabase) {
  const lans = await db
    .selectFrom('lans')
    .select('id')
    .where('name', 'like', 'Load lan %')
    .orderBy('id')
    .execute();
  const count = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', writeCountKey)
    .executeTakeFirst();
  return { ids: lans.map((lan) => lan.id), writeCount: Number(count?.value ?? 0) };
}

describe.each(testEngines)('backup and restore on %s', (engine: Engine) => {
  const sites: TestSite[] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-backups-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  afterEach(async () => {
    for (const site of sites.splice(0)) await site.cleanUp();
    for (const file of readdirSync(folder)) rmSync(path.join(folder, file), { force: true });
  });

  async function createSite(): Promise<TestSite> {
    const site = await createTestSite(engine, {}, { from: 'empty' });
    sites.push(site);
    return site;
  }

  /**
   * Where a backup is restored: a fresh data folder, or on PostgreSQL the same schema after
   * it was dropped (a dump goes back into the schema it came from).
   */
  async function prepareRestoreTarget(source: TestSite, sourceDb: AppDatabase): Promise<Config> {
    if (engine === 'sqlite') return (await createSite()).config;
    const schema = databaseSchemaOf(source.config) ?? '';
    await sql`drop schema ${sql.id(schema)} cascade`.execute(sourceDb);
    return source.config;
  }

  // Hundreds of transactions, a backup and a restore: give a busy machine time.
  it('restores every write acknowledged before the backup began, while writes go on', {
    timeout: 60_000,
  }, async () => {
    const source = await createSite();
    const db = await openMigrated(source.config);
    const load = startWriteLoad(db);
    await load.waitFor(200);
    const acknowledgedBeforeBackup = [...load.acknowledged];
    const file = path.join(folder, 'lanparty.backup');
    await backupDatabase(source.config, file);
    // Writes went on beside the backup and after it.
    await load.waitFor(load.acknowledged.length + 20);
    await load.stop();

    const target = await prepareRestoreTarget(source, db);
    await db.destroy();
    await restoreDatabase(target, file);

    if (target.database.kind === 'sqlite') {
      const restoredFile = new DatabaseSync(target.database.file, { readOnly: true });
      expect(restoredFile.prepare('PRAGMA integrity_check').all()).toEqual([
        { integrity_check: 'ok' },
      ]);
      restoredFile.close();
    }
    const restored = createDatabase(target.database);
    try {
      expect(await migrateToLatest(restored, databaseSchemaOf(target))).toEqual([]);
      const { ids, writeCount } = await readLoadLans(restored);
      // A snapshot: the first writes in order, whole transactions, no gaps...
      expect(ids).toEqual(load.acknowledged.slice(0, ids.length));
      expect(writeCount).toBe(ids.length);
      // ...holding at least everything acknowledged before the backup began.
      expect(ids.slice(0, acknowledgedBeforeBackup.length)).toEqual(acknowledgedBeforeBackup);
      // Sequences came along: a new lan gets a new id.
      const next = await insertLan(restored, lanValuesOf(0), new Date());
      expect(next.id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await restored.destroy();
    }

    const app = await buildApp(target, { isRunningJobs: false });
    try {
      const lastId = acknowledgedBeforeBackup.at(-1);
      const response = await app.inject({ method: 'GET', url: `/api/lans/${lastId}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: `Load lan ${acknowledgedBeforeBackup.length}`,
      });
    } finally {
      await app.close();
    }
  });

  it('refuses to restore into a site that already has a database, and changes nothing', async () => {
    const site = await createSite();
    const db = await openMigrated(site.config);
    try {
      await insertLan(db, lanValuesOf(1), new Date());
      const file = path.join(folder, 'lanparty.backup');
      await backupDatabase(site.config, file);
      await insertLan(db, lanValuesOf(2), new Date());

      await expect(restoreDatabase(site.config, file)).rejects.toThrow(
        /already (has|have) a database|already has \d+ tables/,
      );
      expect((await readLoadLans(db)).ids).toHaveLength(2);
      if (engine === 'sqlite') {
        expect(readdirSync(site.dataDir).filter((name) => name.includes('partial'))).toEqual([]);
      }
    } finally {
      await db.destroy();
    }
  });

  it('refuses to replace an existing backup file unless told to', async () => {
    const site = await createSite();
    const db = await openMigrated(site.config);
    await db.destroy();
    const file = path.join(folder, 'lanparty.backup');
    writeFileSync(file, 'an older backup');

    await expect(backupDatabase(site.config, file)).rejects.toThrow(/already exists.*--force/);
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
    await backupDatabase(site.config, file, { canOverwrite: true });
    expect(readFileSync(file, 'utf8')).not.toBe('an older backup');
    if (site.config.database.kind === 'sqlite') {
      const ownFile = site.config.database.file;
      await expect(backupDatabase(site.config, ownFile, { canOverwrite: true })).rejects.toThrow(
        /the site's own database/,
      );
    }
  });

  it.runIf(engine === 'postgres')('says how to install pg_dump when it is missing', async () => {
    const site = await createSite();
    await (await openMigrated(site.config)).destroy();
    const searchPath = process.env.PATH;
    process.env.PATH = '/nowhere';
    try {
      await expect(backupDatabase(site.config, path.join(folder, 'none.backup'))).rejects.toThrow(
        /pg_dump was not found.*apt-get install postgresql-client.*at least the server's \(\d+\)/s,
      );
    } finally {
      process.env.PATH = searchPath;
    }
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('restoring a file that does not fit the site', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-backups-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const sites: TestSite[] = [];
  afterEach(async () => {
    for (const site of sites.splice(0)) await site.cleanUp();
  });

  async function createSqliteSite(): Promise<TestSite> {
    const site = await createTestSite('sqlite', {}, { from: 'empty' });
    sites.push(site);
    return site;
  }

  it('refuses a PostgreSQL backup given to a SQLite site', async () => {
    const site = await createSqliteSite();
    const file = path.join(folder, 'postgres.backup');
    writeFileSync(file, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100, 1)]));
    await expect(restoreDatabase(site.config, file)).rejects.toThrow(
      /is a PostgreSQL backup \(pg_dump\), but this site uses SQLite/,
    );
    expect(readdirSync(site.dataDir)).toEqual([]);
  });

  it('refuses a SQLite backup given to a PostgreSQL site, before connecting to it', async () => {
    const site = await createTestSite(
      'sqlite',
      { DATABASE_URL: 'postgres://lanparty:secret@127.0.0.1:1/nowhere' },
      { from: 'empty' },
    );
    sites.push(site);
    const file = path.join(folder, 'sqlite.backup');
    new DatabaseSync(file).exec('create table kysely_migration (name text)');
    await expect(restoreDatabase(site.config, file)).rejects.toThrow(
      /is a SQLite backup, but this site uses PostgreSQL/,
    );
  });

  it('refuses a damaged SQLite backup and one that is not a Lanparty database', async () => {
    const site = await createSqliteSite();
    const foreign = path.join(folder, 'foreign.sqlite');
    new DatabaseSync(foreign).exec('create table notes (text text)');
    await expect(restoreDatabase(site.config, foreign)).rejects.toThrow(/not a Lanparty database/);

    const source = await createSqliteSite();
    await (await openMigrated(source.config)).destroy();
    const damaged = path.join(folder, 'damaged.backup');
    await backupDatabase(source.config, damaged);
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 4096, bytes.length - 4096);
    writeFileSync(damaged, bytes);
    await expect(restoreDatabase(site.config, damaged)).rejects.toThrow(BackupError);
    expect(readdirSync(site.dataDir)).toEqual([]);
  });

  it('refuses a SQLite backup that a newer version migrated', async () => {
    const source = await createSqliteSite();
    await (await openMigrated(source.config)).destroy();
    const file = path.join(folder, 'newer.backup');
    await backupDatabase(source.config, file);
    const newer = new DatabaseSync(file);
    newer.exec("insert into kysely_migration (name, timestamp) values ('9999-future', '2099')");
    newer.close();

    const site = await createSqliteSite();
    await expect(restoreDatabase(site.config, file)).rejects.toThrow(
      /newer Lanparty version \(migrations 9999-future/,
    );
    expect(readdirSync(site.dataDir)).toEqual([]);
  });

  it('refuses a file that is no backup at all', async () => {
    const site = await createSqliteSite();
    const file = path.join(folder, 'notes.txt');
    writeFileSync(file, 'shopping list');
    await expect(restoreDatabase(site.config, file)).rejects.toThrow(/not a Lanparty backup/);
  });
});
