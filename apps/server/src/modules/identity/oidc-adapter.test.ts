import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { createOidcAdapterFactory, purgeExpiredOidcRecords } from './oidc-adapter.ts';
import { openTestDatabase } from './test-support/identity-site.ts';

describe.each(testEngines)('the oidc_records adapter on %s', (engine) => {
  let db: AppDatabase;
  let cleanUp: () => Promise<void>;
  let time = new Date('2025-03-01T12:00:00Z');
  const adapterFor = (kind: string) => createOidcAdapterFactory(db, () => time)(kind);

  beforeAll(async () => {
    ({ db, cleanUp } = await openTestDatabase(engine));
  });

  afterAll(async () => {
    await cleanUp?.();
  });

  it('stores, finds, replaces and destroys records per kind', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' });
    expect(await adapterFor('Grant').find('s1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'b' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('finds device codes by user code', async () => {
    const codes = adapterFor('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  it('forgets a record when its lifetime is over, and purges it', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('c-expiring', { grantId: 'g0' }, 60);
    time = new Date(time.getTime() + 61_000);
    expect(await codes.find('c-expiring')).toBeUndefined();
    await purgeExpiredOidcRecords(db, time);
    const rows = await db
      .selectFrom('oidc_records')
      .select('id')
      .where('id', '=', 'c-expiring')
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps records without a lifetime', async () => {
    const clients = adapterFor('Client');
    await clients.upsert('cl', { client_id: 'cl' });
    time = new Date(time.getTime() + 365 * 24 * 3600 * 1000);
    expect(await clients.find('cl')).toEqual({ client_id: 'cl' });
  });

  it('marks a code consumed, so it cannot be used twice', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(time.getTime() / 1000));
  });

  it('revokes one kind of token of a grant, leaving other kinds and grants alone', async () => {
    const accessTokens = adapterFor('AccessToken');
    const refreshTokens = adapterFor('RefreshToken');
    await accessTokens.upsert('at1', { grantId: 'g2' }, 60);
    await accessTokens.upsert('at2', { grantId: 'g3' }, 60);
    await refreshTokens.upsert('rt1', { grantId: 'g2' }, 60);
    await accessTokens.revokeByGrantId('g2');
    expect(await accessTokens.find('at1')).toBeUndefined();
    expect(await accessTokens.find('at2')).toBeDefined();
    expect(await refreshTokens.find('rt1')).toBeDefined();
  });
});
