import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { insertUser } from '../accounts/accounts.repository.ts';
import { ensureGames } from './playtime.repository.ts';
import { findSteamProfileState, saveOwnedGames } from './steam-profiles.repository.ts';

describe.each(testEngines)('owned games on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  async function game(id: number) {
    const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      row && {
        name: row.name,
        iconHash: row.icon_hash,
        isNamed: toBoolean(row.is_named),
        modifiedAt: toIsoTimestamp(row.modification_date),
      }
    );
  }

  it('tells a user Steam was never asked about as public and unchecked', async () => {
    const user = await insertUser(db, { subject: null, nickname: 'Never', email: null });
    expect(await findSteamProfileState(db, user.id)).toEqual({
      isPrivate: false,
      gamesCheckedAt: null,
    });
  });

  it('names games once, rewrites them only when Steam tells something new', async () => {
    const user = await insertUser(db, { subject: null, nickname: 'Namer', email: null });
    const first = new Date('2026-03-01T10:00:00.000Z');
    const later = new Date('2026-03-01T11:00:00.000Z');
    const latest = new Date('2026-03-01T12:00:00.000Z');
    await ensureGames(db, [570], first);
    await saveOwnedGames(
      db,
      user.id,
      [
        { appid: 570, name: 'Dota 2', img_icon_url: 'dotahash' },
        // Without app info Steam tells no name: the game is not named from it.
        { appid: 4000 },
        { appid: 570, name: 'Dota 2', img_icon_url: 'dotahash' },
      ],
      first,
    );
    expect(await game(570)).toEqual({
      name: 'Dota 2',
      iconHash: 'dotahash',
      isNamed: true,
      modifiedAt: first.toISOString(),
    });
    expect(await game(4000)).toBeUndefined();
    await saveOwnedGames(
      db,
      user.id,
      [{ appid: 570, name: 'Dota 2', img_icon_url: 'dotahash' }],
      later,
    );
    expect((await game(570))?.modifiedAt).toBe(first.toISOString());
    await saveOwnedGames(
      db,
      user.id,
      [{ appid: 570, name: 'Dota 2', img_icon_url: 'newhash' }],
      latest,
    );
    expect(await game(570)).toMatchObject({
      iconHash: 'newhash',
      modifiedAt: latest.toISOString(),
    });
    expect(await findSteamProfileState(db, user.id)).toEqual({
      isPrivate: false,
      gamesCheckedAt: latest.toISOString(),
    });
  });
});
