import type { NowPlaying } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { insertPastLan } from '../../../test/lans.ts';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { insertGamesIfMissing } from '../playtime/playtime.repository.ts';

const minute = 60_000;

/** A participant of a lan, Paid, and present or not (checked in a minute ago when present). */
async function takePart(db: AppDatabase, lanId: number, userId: number, present: boolean) {
  const now = new Date().toISOString();
  await db
    .insertInto('subscribers')
    .values({
      lan_id: lanId,
      user_id: userId,
      status: 'Paid',
      present,
      amount_due_cents: 3000,
      checked_in_at: present ? new Date(Date.now() - minute).toISOString() : null,
      creation_date: now,
      modification_date: now,
    })
    .execute();
}

/** A play session as the Steam collector keeps it, from and to minutes ago (open: still seen). */
async function played(
  db: AppDatabase,
  userId: number,
  gameId: number,
  fromMinutesAgo: number,
  toMinutesAgo: number,
  isOpen: boolean,
) {
  const seen = new Date(Date.now() - toMinutesAgo * minute).toISOString();
  await db
    .insertInto('play_sessions')
    .values({
      user_id: userId,
      game_id: gameId,
      started_at: new Date(Date.now() - fromMinutesAgo * minute).toISOString(),
      last_seen_at: seen,
      ended_at: isOpen ? null : seen,
    })
    .execute();
}

/*
 * Now playing (issue 35): from the Steam playtime the collector keeps, who of a running
 * lan's present participants plays what, and what was played most since the lan began.
 */
describe.each(testEngines)('now playing on %s', (engine) => {
  const { api, site, as } = setUpOrganiserSite(engine, {
    env: { STEAM_API_KEY: 'a-key' },
    callers: ['LanAdministrator'],
  });
  const read = async (lanId: number, who?: Person) => {
    const response = await api.request(who, 'GET', `/api/lans/${lanId}/now-playing`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as NowPlaying;
  };

  /** A lan that began three hours ago, with games 10 and 20 known. */
  const runningLan = async () => {
    await insertGamesIfMissing(
      site.db,
      [
        { id: 10, name: 'Quake', isNamed: true },
        { id: 20, name: 'Age of Empires', isNamed: true },
      ],
      new Date(),
    );
    return insertPastLan(site.db, { name: 'Running lan', daysAgo: 3 / 24 });
  };

  it('groups present participants by what they play now, and adds up the lan so far', async () => {
    const lan = await runningLan();
    const [ada, bob, cy, dee] = [
      await api.person({ nickname: 'ada' }),
      await api.person({ nickname: 'bob' }),
      await api.person({ nickname: 'cy' }),
      await api.person({ nickname: 'dee' }),
    ];
    await takePart(site.db, lan.id, ada.user.id, true);
    await takePart(site.db, lan.id, bob.user.id, true);
    await takePart(site.db, lan.id, cy.user.id, true);
    await takePart(site.db, lan.id, dee.user.id, false); // at home: not counted
    await played(site.db, ada.user.id, 10, 60, 0, true);
    await played(site.db, bob.user.id, 10, 30, 1, true);
    await played(site.db, cy.user.id, 20, 90, 0, true);
    await played(site.db, cy.user.id, 10, 300, 150, false); // began before the lan
    await played(site.db, dee.user.id, 10, 60, 0, true);
    const board = await read(lan.id);
    expect(board.isCollecting).toBe(true);
    expect(board.isRunning).toBe(true);
    expect(board.games).toEqual([
      {
        gameId: 10,
        name: 'Quake',
        players: [
          { userId: ada.user.id, nickname: 'ada' },
          { userId: bob.user.id, nickname: 'bob' },
        ],
      },
      { gameId: 20, name: 'Age of Empires', players: [{ userId: cy.user.id, nickname: 'cy' }] },
    ]);
    expect(
      board.topGames.map((game) => [game.name, Math.round(game.seconds / 60), game.playerCount]),
    ).toEqual([
      ['Quake', 60 + 29 + 30, 3],
      ['Age of Empires', 90, 1],
    ]);
    expect(
      board.topPlayers.map((player) => [player.nickname, Math.round(player.seconds / 60)]),
    ).toEqual([
      ['cy', 120],
      ['ada', 60],
      ['bob', 29],
    ]);
  });

  it('leaves out, everywhere, someone who hides what they play from lan screens', async () => {
    const lan = await runningLan();
    const shy = await api.person({ nickname: 'shy' });
    const open = await api.person({ nickname: 'open' });
    await takePart(site.db, lan.id, shy.user.id, true);
    await takePart(site.db, lan.id, open.user.id, true);
    await played(site.db, shy.user.id, 10, 60, 0, true);
    await played(site.db, open.user.id, 10, 30, 0, true);
    const hide = await api.request(shy, 'PUT', '/api/users/me/screen-visibility', {
      showsOnScreens: false,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const board = await read(lan.id);
    expect(board.games).toEqual([
      { gameId: 10, name: 'Quake', players: [{ userId: open.user.id, nickname: 'open' }] },
    ]);
    expect(board.topGames).toMatchObject([{ gameId: 10, playerCount: 1 }]);
    expect(board.topGames[0]?.seconds).toBeLessThanOrEqual(30 * 60 + 1);
    expect(JSON.stringify(board)).not.toContain('shy');
    const status = await api.request(shy, 'GET', '/api/users/me/playtime-status');
    expect(status.json()).toMatchObject({ showsOnScreens: false });
    await api.request(shy, 'PUT', '/api/users/me/screen-visibility', { showsOnScreens: true });
    expect((await read(lan.id)).games[0]?.players).toHaveLength(2);
  });

  it('asks a sign-in to change the switch, and a boolean', async () => {
    const nobody = await api.request(undefined, 'PUT', '/api/users/me/screen-visibility', {
      showsOnScreens: false,
    });
    expect(nobody.statusCode).toBe(401);
    const wrong = await api.request(await api.person(), 'PUT', '/api/users/me/screen-visibility', {
      showsOnScreens: 'no',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('keeps an ended lan’s board, made of the sessions within the lan alone', async () => {
    await runningLan();
    // Began three days ago, ended a day ago: minutes 4320 to 1440 ago.
    const lan = await insertPastLan(site.db, { name: 'Ended lan', daysAgo: 3 });
    const ada = await api.person({ nickname: 'ada' });
    await takePart(site.db, lan.id, ada.user.id, true);
    await played(site.db, ada.user.id, 10, 4000, 3940, false);
    // After the lan: neither played there nor played now.
    await played(site.db, ada.user.id, 20, 600, 500, false);
    await played(site.db, ada.user.id, 20, 30, 0, true);
    const board = await read(lan.id);
    expect(board.isRunning).toBe(false);
    expect(board.games).toEqual([]);
    expect(board.topGames.map((game) => [game.name, Math.round(game.seconds / 60)])).toEqual([
      ['Quake', 60],
    ]);

    // A session within the lan written past every version: the kept board is answered,
    // the sessions not read again.
    await played(site.db, ada.user.id, 20, 3900, 3870, false);
    expect(await read(lan.id)).toEqual(board);
    // A change the board shows (a nickname) makes it anew, with what is there now.
    await site.db
      .updateTable('users')
      .set({ nickname: 'ada2' })
      .where('id', '=', ada.user.id)
      .execute();
    const made = await read(lan.id);
    expect(
      made.topPlayers.map((player) => [player.nickname, Math.round(player.seconds / 60)]),
    ).toEqual([['ada2', 90]]);
  });

  it('shows nobody playing before a lan begins', async () => {
    const lan = await api.createLan();
    const board = await read(lan.id);
    expect(board).toEqual({
      isCollecting: true,
      isRunning: false,
      games: [],
      topGames: [],
      topPlayers: [],
    });
  });

  it('hides an inactive lan from all but lan administrators', async () => {
    const lan = await api.createLan({ isActive: false });
    const response = await api.request(undefined, 'GET', `/api/lans/${lan.id}/now-playing`);
    expect(response.statusCode).toBe(404);
    expect((await read(lan.id, as.LanAdministrator as Person)).isRunning).toBe(false);
  });
});

describe.each(testEngines)('now playing without a Steam key on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine);

  it('says the site collects nothing, and lists nothing', async () => {
    const lan = await insertPastLan(site.db, { name: 'Running lan', daysAgo: 0.1 });
    const response = await api.request(undefined, 'GET', `/api/lans/${lan.id}/now-playing`);
    expect(response.json()).toEqual({
      isCollecting: false,
      isRunning: true,
      games: [],
      topGames: [],
      topPlayers: [],
    });
  });
});

describe.each(testEngines)('now playing as the time passes, on %s', (engine) => {
  let now = Date.now();
  const { api, site } = setUpOrganiserSite(engine, {
    env: { STEAM_API_KEY: 'a-key' },
    clock: () => new Date(now),
  });
  const read = async (lanId: number) =>
    (await api.request(undefined, 'GET', `/api/lans/${lanId}/now-playing`)).json() as NowPlaying;

  it('is kept before the lan, made anew once it starts and on every read while it runs', async () => {
    now = Date.now();
    await insertGamesIfMissing(site.db, [{ id: 10, name: 'Quake', isNamed: true }], new Date());
    // Starts in a day, on the site's clock.
    const lan = await insertPastLan(site.db, { name: 'Tomorrow’s lan', daysAgo: -1 });
    const ada = await api.person({ nickname: 'ada' });
    await takePart(site.db, lan.id, ada.user.id, true);
    expect(await read(lan.id)).toMatchObject({ isRunning: false, games: [] });

    now += 24 * 60 * minute + 5 * minute;
    expect(await read(lan.id)).toMatchObject({ isRunning: true, games: [] });
    // A session the collector sees raises no version: the running board is read anew.
    await site.db
      .insertInto('play_sessions')
      .values({
        user_id: ada.user.id,
        game_id: 10,
        started_at: new Date(now - 3 * minute).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        ended_at: null,
      })
      .execute();
    expect((await read(lan.id)).games).toEqual([
      { gameId: 10, name: 'Quake', players: [{ userId: ada.user.id, nickname: 'ada' }] },
    ]);
  });
});
