import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPastLan } from '../../../test/lans.ts';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { insertUser, type UserRow } from '../accounts/accounts.repository.ts';
import { readOwnProfile, readUserProfile } from './users.service.ts';

describe.each(testEngines)('own profiles asked for together on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  let plain: UserRow;
  let been: UserRow;
  let pictured: UserRow;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
    const user = (nickname: string) => insertUser(db, { subject: `own-${nickname}`, nickname });
    plain = await user('plain');
    been = await user('been');
    pictured = await user('pictured');
    const now = new Date().toISOString();
    const past = await insertPastLan(db, { name: 'been there', daysAgo: 40, days: 1 });
    await db
      .insertInto('subscribers')
      .values({
        lan_id: past.id,
        user_id: been.id,
        status: 'Paid',
        present: true,
        creation_date: now,
        modification_date: now,
      })
      .execute();
    await db
      .insertInto('assets')
      .values({
        asset_id: `user-${pictured.id}`,
        type: 'image/png',
        bytes: Buffer.from('png'),
        etag: '"own-profiles"',
        width: 1,
        height: 1,
        modification_date: now,
      })
      .execute();
  });
  afterAll(async () => close?.());

  it('gives each their own stats and avatar when the later ones share one look', async () => {
    // Asked in one turn: the first look starts alone, the next two share the one after it.
    const together = await Promise.all(
      [plain, been, pictured, been].map((row) => readOwnProfile(db, row, ['Lanner'])),
    );
    const alone = [];
    for (const row of [plain, been, pictured, been]) alone.push(await readUserProfile(db, row));
    expect(together.map(({ roles, ...rest }) => rest)).toEqual(
      alone.map(({ roles, ...rest }) => rest),
    );
    expect(together.map((profile) => profile.stats.numberOfLans)).toEqual([0, 1, 0, 1]);
    expect(together.map((profile) => profile.avatarVersion !== null)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(together.map((profile) => profile.roles)).toEqual([
      ['Lanner'],
      ['Lanner'],
      ['Lanner'],
      ['Lanner'],
    ]);
  });
});
