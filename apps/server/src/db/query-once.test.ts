import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import type { AppDatabase } from './database.ts';
import { queryOnce } from './query-once.ts';

describe.each(testEngines)('a query built once, on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
    const now = new Date().toISOString();
    await db
      .insertInto('settings')
      .values(
        ['alpha', 'beta', 'gamma'].map((key) => ({
          key,
          value: `${key} value`,
          modification_date: now,
        })),
      )
      .execute();
  });
  afterAll(async () => close?.());

  const settingsBetween = queryOnce((db, values: { from: string; to: string }) =>
    db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', '>=', values.from)
      .where('key', '<=', values.to)
      .where('value', '!=', 'never this')
      .orderBy('key'),
  );

  it('binds the values of each run, constants kept', async () => {
    expect(await settingsBetween(db, { from: 'alpha', to: 'beta' })).toEqual([
      { key: 'alpha', value: 'alpha value' },
      { key: 'beta', value: 'beta value' },
    ]);
    expect(await settingsBetween(db, { from: 'beta', to: 'gamma' })).toEqual([
      { key: 'beta', value: 'beta value' },
      { key: 'gamma', value: 'gamma value' },
    ]);
    expect(await settingsBetween(db, { from: 'delta', to: 'delta' })).toEqual([]);
  });

  it('binds a value used twice, and runs inside a transaction', async () => {
    const sameKey = queryOnce((db, values: { key: string }) =>
      db
        .selectFrom('settings')
        .select('value')
        .where('key', '>=', values.key)
        .where('key', '<=', values.key),
    );
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('settings')
          .set({ value: 'changed' })
          .where('key', '=', 'gamma')
          .execute();
        expect(await sameKey(trx, { key: 'gamma' })).toEqual([{ value: 'changed' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await sameKey(db, { key: 'gamma' })).toEqual([{ value: 'gamma value' }]);
  });

  it('refuses a value the query does not bind as a single value', async () => {
    const listed = queryOnce((db, values: { keys: string[] }) =>
      db.selectFrom('settings').select('key').where('key', 'in', values.keys),
    );
    await expect(listed(db, { keys: ['alpha'] })).rejects.toThrow(/keys is a list/);
    await expect(
      settingsBetween(db, { from: null as unknown as string, to: 'beta' }),
    ).rejects.toThrow(/from is null/);
    const ignored = queryOnce((db, _values: { key: string }) =>
      db.selectFrom('settings').select('key'),
    );
    await expect(ignored(db, { key: 'alpha' })).rejects.toThrow(/key not bound/);
  });
});
