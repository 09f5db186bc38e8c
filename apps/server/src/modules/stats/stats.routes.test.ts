import type { Role } from '@lanparty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { zonedInstant } from '../../lib/zoned-time.ts';
import { addPlaytime, ensureGames } from '../playtime/playtime.repository.ts';
import { announceLastMonth } from './leaderboard-announcer.ts';

/*
 * A small community whose every figure is worked out by hand below. Times are local
 * (Europe/Amsterdam); a play day runs 06:00 to 06:00.
 *
 *   2024-12-20  cid  Team Fortress 2  2 h
 *   2025-09-10  ann  Counter-Strike 2  2 h
 *   2025-09-12  bob  Dota 2            1 h
 *   2025-10-03  ann  Counter-Strike 2  3 h
 *   2025-10-04  ann  Dota 2            1 h,  bob Counter-Strike 2  5 h
 *   2025-10-05  cid  Team Fortress 2  20:00–24:00, 4 h
 *   2025-10-06  dan  Counter-Strike 2  10 h  (never Lanner nor Member: counts nowhere)
 *   2025-11-01  ann  Counter-Strike 2  04:00–07:00: 2 h on play day 31 Oct, 1 h on 1 Nov
 */
const timeZone = 'Europe/Amsterdam';
const cs2 = 730;
const dota = 570;
const tf2 = 440;

describe.each(testEngines)('stats on %s', (engine) => {
  let site: ApiSite;
  const people: Record<string, SignedIn> = {};

  async function play(nickname: string, gameId: number, localStart: string, hours: number) {
    const [day, time] = localStart.split(' ') as [string, string];
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    const start = zonedInstant({ year, month, day: date, hour, minute }, timeZone);
    const user = people[nickname]?.user;
    if (!user) throw new Error(`no ${nickname}`);
    await addPlaytime(
      site.db,
      { userId: user.id, gameId, start, end: new Date(start.getTime() + hours * 3_600_000) },
      timeZone,
    );
  }

  beforeAll(async () => {
    site = await startApiSite(engine, { TZ_COMMUNITY: timeZone });
    const roles: Record<string, Role[]> = {
      ann: ['Lanner'],
      bob: ['Member'],
      cid: ['Lanner', 'Member'],
      dan: [],
    };
    for (const [nickname, granted] of Object.entries(roles))
      people[nickname] = await signInAs(site.db, site.issuer, granted, { nickname });
    const now = new Date();
    await ensureGames(site.db, [cs2, dota, tf2], now);
    for (const [id, name] of [
      [cs2, 'Counter-Strike 2'],
      [dota, 'Dota 2'],
      [tf2, 'Team Fortress 2'],
    ] as const)
      await site.db
        .updateTable('games')
        .set({ name, is_named: true })
        .where('id', '=', id)
        .execute();
    await play('cid', tf2, '2024-12-20 20:00', 2);
    await play('ann', cs2, '2025-09-10 20:00', 2);
    await play('bob', dota, '2025-09-12 20:00', 1);
    await play('ann', cs2, '2025-10-03 20:00', 3);
    await play('ann', dota, '2025-10-04 14:00', 1);
    await play('bob', cs2, '2025-10-04 15:00', 5);
    await play('cid', tf2, '2025-10-05 20:00', 4);
    await play('dan', cs2, '2025-10-06 10:00', 10);
    // A month only someone who was never a lanner played in.
    await play('dan', dota, '2025-08-10 20:00', 6);
    await play('ann', cs2, '2025-11-01 04:00', 3);
  });
  afterAll(async () => site?.close());

  const get = async (url: string, as: string | null = 'ann') => {
    const response = await site.app.inject({
      method: 'GET',
      url,
      headers: as ? (people[as]?.headers ?? {}) : {},
    });
    return { status: response.statusCode, body: response.json() };
  };
  const nicknames = (items: Array<{ user: { nickname: string } }>) =>
    items.map((item) => item.user.nickname);

  it('lists the months that have playtime of lanners, newest first', async () => {
    const { status, body } = await get('/api/stats/leader-boards');
    expect(status).toBe(200);
    const months = ['2025-11-01', '2025-10-01', '2025-09-01', '2024-12-01'];
    expect(body).toEqual({ users: months, games: months });
  });

  it('ranks the players of a month by playtime, ties by nickname, with last month’s position', async () => {
    const { body } = await get('/api/stats/leader-boards/users/months/2025/10');
    expect(body.month).toBe('2025-10-01');
    expect(
      body.items.map((item: Record<string, unknown>) => ({
        nickname: (item.user as { nickname: string }).nickname,
        totalPlaytime: item.totalPlaytime,
        position: item.position,
        previousPosition: item.previousPosition,
        games: item.games,
      })),
    ).toEqual([
      // 3 h + 1 h + the 2 h before 06:00 on 1 November.
      {
        nickname: 'ann',
        totalPlaytime: '06:00:00',
        position: 1,
        previousPosition: 1,
        games: { [cs2]: '05:00:00', [dota]: '01:00:00' },
      },
      {
        nickname: 'bob',
        totalPlaytime: '05:00:00',
        position: 2,
        previousPosition: 2,
        games: { [cs2]: '05:00:00' },
      },
      {
        nickname: 'cid',
        totalPlaytime: '04:00:00',
        position: 3,
        previousPosition: null,
        games: { [tf2]: '04:00:00' },
      },
    ]);
  });

  it('breaks a tie by nickname', async () => {
    // September: ann 2 h, bob 1 h; the all-time list has bob and cid at 6 h each.
    const { body } = await get('/api/stats/leader-boards/users?limit=10');
    expect(body.total).toBe(3);
    expect(body.items).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ nickname: 'ann' }),
        totalNumberGames: 2,
        totalNumberDays: 5,
        totalPlaytime: '09:00:00',
        lastDatePlayed: '2025-11-01',
      }),
      expect.objectContaining({
        user: expect.objectContaining({ nickname: 'bob' }),
        totalNumberGames: 2,
        totalNumberDays: 2,
        totalPlaytime: '06:00:00',
        lastDatePlayed: '2025-10-04',
      }),
      expect.objectContaining({
        user: expect.objectContaining({ nickname: 'cid' }),
        totalNumberGames: 1,
        totalNumberDays: 2,
        totalPlaytime: '06:00:00',
        lastDatePlayed: '2025-10-05',
      }),
    ]);
    const second = await get('/api/stats/leader-boards/users?offset=1&limit=1');
    expect(nicknames(second.body.items)).toEqual(['bob']);
  });

  it('answers the last complete month for /last', async () => {
    const { body } = await get('/api/stats/leader-boards/users/months/last');
    expect(body.month).toBe('2025-11-01');
    expect(body.items).toEqual([
      expect.objectContaining({ totalPlaytime: '01:00:00', position: 1, previousPosition: 1 }),
    ]);
    const games = await get('/api/stats/leader-boards/games/months/last');
    expect(games.body.items).toEqual([
      {
        game: { id: cs2, name: 'Counter-Strike 2' },
        totalPlaytime: '01:00:00',
        position: 1,
        previousPosition: 1,
      },
    ]);
  });

  it('ranks the games of a month, positions kept when the list is cut', async () => {
    const { body } = await get('/api/stats/leader-boards/games/months/2025/10');
    expect(body).toEqual({
      month: '2025-10-01',
      items: [
        {
          game: { id: cs2, name: 'Counter-Strike 2' },
          totalPlaytime: '10:00:00',
          position: 1,
          previousPosition: 1,
        },
        {
          game: { id: tf2, name: 'Team Fortress 2' },
          totalPlaytime: '04:00:00',
          position: 2,
          previousPosition: null,
        },
        {
          game: { id: dota, name: 'Dota 2' },
          totalPlaytime: '01:00:00',
          position: 3,
          previousPosition: 2,
        },
      ],
    });
    const cut = await get('/api/stats/leader-boards/games/months/2025/10?limit=2');
    expect(cut.body.items.map((item: { position: number }) => item.position)).toEqual([1, 2]);
  });

  it('answers an empty month without items', async () => {
    const { status, body } = await get('/api/stats/leader-boards/users/months/2023/5');
    expect(status).toBe(200);
    expect(body).toEqual({ month: '2023-05-01', items: [] });
  });

  it('lists the years that have a rewind', async () => {
    expect((await get('/api/stats/summaries')).body).toEqual([2025, 2024]);
  });

  it('sums up a year in its rewind', async () => {
    const { status, body } = await get('/api/stats/summaries/2025');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      year: 2025,
      totalPlaytime: '19:00:00',
      // 19 h over the 365 days of 2025.
      avgPlaytimePerDay: '00:03:07.3972603',
      avgPlaytimePerUser: '06:20:00',
      userPlaytimes: [
        {
          userId: people.ann?.user.id,
          numberOfDays: 5,
          numberOfGames: 2,
          totalPlaytime: '09:00:00',
          avgPlaytimePerDay: '01:48:00',
        },
        {
          userId: people.bob?.user.id,
          numberOfDays: 2,
          numberOfGames: 2,
          totalPlaytime: '06:00:00',
          avgPlaytimePerDay: '03:00:00',
        },
        {
          userId: people.cid?.user.id,
          numberOfDays: 1,
          numberOfGames: 1,
          totalPlaytime: '04:00:00',
          avgPlaytimePerDay: '04:00:00',
        },
      ],
      gamePlaytimes: [
        { gameId: cs2, totalPlaytime: '13:00:00' },
        { gameId: tf2, totalPlaytime: '04:00:00' },
        { gameId: dota, totalPlaytime: '02:00:00' },
      ],
      favoriteGames: [
        { userId: people.ann?.user.id, gameId: cs2, totalPlaytime: '08:00:00' },
        { userId: people.ann?.user.id, gameId: dota, totalPlaytime: '01:00:00' },
        { userId: people.bob?.user.id, gameId: cs2, totalPlaytime: '05:00:00' },
        { userId: people.bob?.user.id, gameId: dota, totalPlaytime: '01:00:00' },
        { userId: people.cid?.user.id, gameId: tf2, totalPlaytime: '04:00:00' },
      ],
      busiestDays: [
        { date: '2025-10-04', totalPlaytime: '06:00:00' },
        { date: '2025-10-05', totalPlaytime: '04:00:00' },
        { date: '2025-10-03', totalPlaytime: '03:00:00' },
        { date: '2025-09-10', totalPlaytime: '02:00:00' },
        { date: '2025-10-31', totalPlaytime: '02:00:00' },
        { date: '2025-09-12', totalPlaytime: '01:00:00' },
        { date: '2025-11-01', totalPlaytime: '01:00:00' },
      ],
      spikes: [
        { date: '2025-10-03', playtimeIncrease: '03:00:00' },
        { date: '2025-10-04', playtimeIncrease: '03:00:00' },
        { date: '2025-09-10', playtimeIncrease: '02:00:00' },
        { date: '2025-10-31', playtimeIncrease: '02:00:00' },
        { date: '2025-09-12', playtimeIncrease: '01:00:00' },
      ],
    });
    expect(nicknames(body.users.map((user: unknown) => ({ user })))).toEqual(['ann', 'bob', 'cid']);
    expect(body.games.map((game: { name: string }) => game.name).sort()).toEqual([
      'Counter-Strike 2',
      'Dota 2',
      'Team Fortress 2',
    ]);
  });

  const headline = (user: { id: number; nickname: string; avatarVersion: string | null }) => ({
    id: user.id,
    nickname: user.nickname,
    avatarVersion: user.avatarVersion,
  });

  it('answers the leaderboard page its ranking (view=ranking): no games, users as headlines', async () => {
    for (const month of ['2025/10', 'last']) {
      const url = `/api/stats/leader-boards/users/months/${month}`;
      const whole = (await get(url)).body;
      const ranking = await get(`${url}?view=ranking`);
      expect(ranking.status).toBe(200);
      expect(whole.items.length).toBeGreaterThan(0);
      expect(ranking.body).toEqual({
        month: whole.month,
        items: whole.items.map(
          ({
            user,
            games: _,
            ...item
          }: {
            user: Parameters<typeof headline>[0];
            games: unknown;
          }) => ({
            ...item,
            user: headline(user),
          }),
        ),
      });
      // The whole board is still the default, and kept apart from the ranking.
      expect((await get(url)).body).toEqual(whole);
    }
    expect((await get('/api/stats/leader-boards/users/months/last?view=all')).status).toBe(400);
  });

  it('answers the rewind page its viewer’s view (view=viewer): their own favourite games', async () => {
    const whole = (await get('/api/stats/summaries/2025')).body;
    const own = (as: string) =>
      whole.favoriteGames.filter(
        (entry: { userId: number }) => entry.userId === people[as]?.user.id,
      );
    for (const as of ['ann', 'bob', 'ann']) {
      const view = await get('/api/stats/summaries/2025?view=viewer', as);
      expect(view.status).toBe(200);
      expect(own(as).length).toBeGreaterThan(0);
      expect(view.body).toEqual({
        ...whole,
        users: whole.users.map(headline),
        favoriteGames: own(as),
      });
    }
    expect((await get('/api/stats/summaries/2025?view=viewer', null)).status).toBe(401);
    expect((await get('/api/stats/summaries/2025?view=mine')).status).toBe(400);
  });

  it('shows a new nickname in a kept rewind of a closed year', async () => {
    await get('/api/stats/summaries/2024');
    await site.db
      .updateTable('users')
      .set({ nickname: 'cidney' })
      .where('nickname', '=', 'cid')
      .execute();
    const { body } = await get('/api/stats/summaries/2024');
    expect(body.users.map((user: { nickname: string }) => user.nickname)).toEqual(['cidney']);
    await site.db
      .updateTable('users')
      .set({ nickname: 'cid' })
      .where('nickname', '=', 'cidney')
      .execute();
  });

  it('answers 404 for a year without playtime', async () => {
    expect((await get('/api/stats/summaries/2023')).status).toBe(404);
  });

  it('answers from what it keeps only until playtime is added or a player changes', async () => {
    const june = '/api/stats/leader-boards/users/months/2024/6';
    expect((await get(june)).body.items).toEqual([]);
    expect((await get(june)).body.items).toEqual([]);
    await play('ann', cs2, '2024-06-10 20:00', 1);
    expect(nicknames((await get(june)).body.items)).toEqual(['ann']);
    // dan becomes a lanner: his June counts from now on, with no playtime written.
    await play('dan', dota, '2024-06-11 20:00', 2);
    expect(nicknames((await get(june)).body.items)).toEqual(['ann']);
    await site.db
      .updateTable('users')
      .set({ lanner_since: new Date().toISOString() })
      .where('nickname', '=', 'dan')
      .execute();
    expect(nicknames((await get(june)).body.items)).toEqual(['dan', 'ann']);
    await site.db
      .updateTable('users')
      .set({ lanner_since: null })
      .where('nickname', '=', 'dan')
      .execute();
    await site.db
      .deleteFrom('playtimes')
      .where('play_day', 'in', ['2024-06-10', '2024-06-11'])
      .execute();
    await site.db.deleteFrom('playtime_months').where('month', '=', '2024-06').execute();
  });

  it.each([
    '/api/stats/leader-boards/users/months/2025/13',
    '/api/stats/leader-boards/users/months/2025/0',
    '/api/stats/leader-boards/users/months/1999/1',
    '/api/stats/leader-boards/games/months/2025/x',
    '/api/stats/leader-boards/games/months/2025/10?limit=0',
    '/api/stats/leader-boards/games/months/2025/10?limit=101',
    '/api/stats/leader-boards/users?limit=abc',
    '/api/stats/summaries/abc',
  ])('refuses %s with 400', async (url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400 });
  });

  describe('who may see stats', () => {
    const calls = [
      '/api/stats/leader-boards',
      '/api/stats/leader-boards/users',
      '/api/stats/leader-boards/users/months/last',
      '/api/stats/leader-boards/users/months/2025/10',
      '/api/stats/leader-boards/games/months/last',
      '/api/stats/leader-boards/games/months/2025/10',
      '/api/stats/summaries',
      '/api/stats/summaries/2025',
    ];
    const expected: Array<[string, Role[] | null, number]> = [
      ['anonymous', null, 401],
      ['no role', [], 403],
      ['Lanner', ['Lanner'], 200],
      ['Member', ['Member'], 200],
      ['LanAdministrator', ['LanAdministrator'], 403],
      ['MemberAdministrator', ['MemberAdministrator'], 403],
      ['SystemAdministrator', ['SystemAdministrator'], 200],
    ];
    it.each(expected)('%s gets %i', async (_name, roles, status) => {
      const caller = roles ? await signInAs(site.db, site.issuer, roles) : null;
      for (const url of calls) {
        const response = await site.app.inject({
          method: 'GET',
          url,
          headers: caller?.headers ?? {},
        });
        expect(`${url} ${response.statusCode}`).toBe(`${url} ${status}`);
      }
    });

    it('refuses a stranger before looking at the input', async () => {
      const response = await site.app.inject({
        method: 'GET',
        url: '/api/stats/leader-boards/users/months/2025/13',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the monthly chat post', () => {
    const deps = () => ({
      db: site.db,
      communityTimeZone: timeZone,
      publicUrl: new URL('https://lan.example/'),
    });
    const postsFor = (month: string) =>
      site.db
        .selectFrom('outbox')
        .select('payload')
        .where('dedupe_key', '=', `leaderboard:${month}`)
        .execute();

    it('posts the month that ended at 06:00 on the 1st, once, with its top three', async () => {
      // 05:59 on 1 December is still November's last play day: November is not posted.
      await announceLastMonth(
        deps(),
        zonedInstant({ year: 2025, month: 12, day: 1, hour: 5, minute: 59 }, timeZone),
      );
      expect(await postsFor('2025-11')).toEqual([]);
      const at6 = zonedInstant({ year: 2025, month: 12, day: 1, hour: 6, minute: 0 }, timeZone);
      expect(await announceLastMonth(deps(), at6)).toBe('2025-11');
      expect(await announceLastMonth(deps(), new Date(at6.getTime() + 3_600_000))).toBe('2025-11');
      const posts = await postsFor('2025-11');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0]?.payload ?? '{}')).toMatchObject({
        content: 'The leaderboard of November 2025 is in!',
        embeds: [
          {
            url: 'https://lan.example/stats/leader-board/2025/11',
            description: expect.stringContaining('earn the month’s gold, silver and bronze badges'),
            fields: [
              { name: 'Top players', value: '🥇 ann — 1 hour' },
              { name: 'Top games', value: '🥇 Counter\\-Strike 2 — 1 hour' },
            ],
          },
        ],
      });
    });

    it('posts October’s podium of three', async () => {
      await announceLastMonth(
        deps(),
        zonedInstant({ year: 2025, month: 11, day: 1, hour: 6, minute: 0 }, timeZone),
      );
      const [post] = await postsFor('2025-10');
      expect(JSON.parse(post?.payload ?? '{}').embeds[0].fields[0].value).toBe(
        '🥇 ann — 6 hours\n🥈 bob — 5 hours\n🥉 cid — 4 hours',
      );
    });

    it('posts nothing for a month without playtime', async () => {
      const at = zonedInstant({ year: 2025, month: 9, day: 1, hour: 7, minute: 0 }, timeZone);
      expect(await announceLastMonth(deps(), at)).toBeNull();
      expect(await postsFor('2025-08')).toEqual([]);
    });
  });

  describe('games', () => {
    it('are public, by name, and filtered by ids', async () => {
      const all = await get('/api/games', null);
      expect(all.body).toMatchObject({
        items: [
          { id: cs2, name: 'Counter-Strike 2' },
          { id: dota, name: 'Dota 2' },
          { id: tf2, name: 'Team Fortress 2' },
        ],
        total: 3,
      });
      const some = await get(`/api/games?ids=${tf2},${dota}`, null);
      expect(some.body.items.map((game: { id: number }) => game.id)).toEqual([dota, tf2]);
      expect((await get(`/api/games/${cs2}`, null)).body).toEqual({
        id: cs2,
        name: 'Counter-Strike 2',
      });
    });

    it('answer 404 for an unknown game and 400 for a bad id', async () => {
      expect((await get('/api/games/999999', null)).status).toBe(404);
      expect((await get('/api/games/abc', null)).status).toBe(400);
      expect((await get('/api/games?ids=x', null)).status).toBe(400);
    });
  });
});
