import type { UserHistory } from '@lanparty/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertPastLan } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { addPlaytime, ensureGames } from '../playtime/playtime.repository.ts';
import { findStoredBadges } from './history.repository.ts';
import { awardEveryone, syncBadges } from './history.service.ts';

/*
 * A person's history (issue 36): the lans they attended, their streaks, and the badges the
 * server awards from the data, seen by them, administrators, and others while shown.
 */
describe.each(testEngines)('history and badges on %s', (engine) => {
  const { api, site, as } = setUpOrganiserSite(engine, {
    callers: ['LanAdministrator', 'MemberAdministrator'],
  });
  const deps = () => ({ db: site.db, communityTimeZone: 'Europe/Amsterdam' });

  // Streaks run over the site's lans: every test starts without any.
  beforeEach(async () => {
    await site.db.deleteFrom('user_badges').execute();
    await site.db.deleteFrom('lans').execute();
  });

  /** A lan that ended `endedDaysAgo` days ago (it lasted two). */
  const endedLan = (name: string, endedDaysAgo: number) =>
    insertPastLan(site.db, { name, daysAgo: endedDaysAgo + 2 });

  const takePart = async (lanId: number, userId: number, present: boolean | null) => {
    const now = new Date().toISOString();
    return site.db
      .insertInto('subscribers')
      .values({
        lan_id: lanId,
        user_id: userId,
        status: 'Paid',
        present,
        creation_date: now,
        modification_date: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  const historyOf = (userId: number, viewer?: Parameters<typeof api.request>[0]) =>
    api.request(viewer, 'GET', `/api/users/${userId}/history`);

  it('lists the lans attended newest first, the first lan and the streaks', async () => {
    const me = await api.person();
    const other = await api.person();
    const l1 = await endedLan('One', 100);
    const l2 = await endedLan('Two', 80);
    const empty = await endedLan('Nobody came', 70);
    const l3 = await endedLan('Three', 60);
    const missed = await endedLan('Missed', 40);
    const l4 = await endedLan('Four', 20);
    const running = await insertPastLan(site.db, { name: 'Running', daysAgo: 1 });
    for (const lan of [l1, l2, l3, l4, running]) await takePart(lan.id, me.user.id, true);
    await takePart(empty.id, me.user.id, null);
    await takePart(missed.id, me.user.id, false);
    await takePart(missed.id, other.user.id, true);

    const response = await historyOf(me.user.id, me);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json() as UserHistory;
    expect(history.attendedCount).toBe(4);
    expect(history.attended.map((lan) => lan.name)).toEqual(['Four', 'Three', 'Two', 'One']);
    expect(history.attended[0]?.lanId).toBe(l4.id);
    expect(history.firstLan?.name).toBe('One');
    // "Nobody came" breaks no streak; "Missed" (others were there) does.
    expect(history.longestStreak).toBe(3);
    expect(history.currentStreak).toBe(1);
    expect(history.badges.map((badge) => badge.key)).toEqual(['streak-3', 'lans-1']);
    expect(history.badges[1]).toMatchObject({ name: 'First lan', reason: 'Attended a first lan.' });
  });

  it('shows the history to everyone while shown, to the person and administrators when hidden', async () => {
    const me = await api.person();
    const stranger = await api.person();
    await takePart((await endedLan('Seen', 10)).id, me.user.id, true);
    expect((await historyOf(me.user.id)).statusCode).toBe(200);
    const card = async () =>
      (await api.request(undefined, 'GET', `/api/users/${me.user.id}`)).json().stats.numberOfLans;
    expect(await card()).toBe(1);

    const hide = await api.request(me, 'PUT', '/api/users/me/history-visibility', {
      showsHistory: false,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ showsHistory: false });
    expect((await historyOf(me.user.id)).statusCode).toBe(404);
    expect((await historyOf(me.user.id, stranger)).statusCode).toBe(404);
    expect((await historyOf(me.user.id, me)).statusCode).toBe(200);
    expect((await historyOf(me.user.id, as.MemberAdministrator)).statusCode).toBe(200);
    expect((await historyOf(me.user.id, as.LanAdministrator)).statusCode).toBe(200);
    // The lanner card shows no count, the own profile does.
    expect(await card()).toBeNull();
    const own = (await api.request(me, 'GET', '/api/users/me')).json();
    expect(own.stats.numberOfLans).toBe(1);
    expect(own.showsHistory).toBe(false);

    expect((await historyOf(999_999)).statusCode).toBe(404);
    const bad = await api.request(me, 'PUT', '/api/users/me/history-visibility', {
      showsHistory: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/Shows history must be true or false/);
    expect(
      (
        await api.request(undefined, 'PUT', '/api/users/me/history-visibility', {
          showsHistory: true,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('awards crew for a lan administrator’s work at a lan they attended: a check-in, an announcement', async () => {
    const door = await api.person();
    const guest = await api.person();
    const lan = await endedLan('Crewed', 10);
    await takePart(lan.id, door.user.id, true);
    const { id } = await takePart(lan.id, guest.user.id, true);
    await site.db
      .updateTable('subscribers')
      .set({ checked_in_by_user_id: door.user.id })
      .where('id', '=', id)
      .execute();
    const keysOf = async (userId: number) =>
      ((await historyOf(userId)).json() as UserHistory).badges.map((badge) => badge.key);
    expect(await keysOf(door.user.id)).toContain('crew');
    expect(await keysOf(guest.user.id)).not.toContain('crew');
    // A lan administrator present who did nothing the data shows there is no crew there…
    const administrator = as.LanAdministrator;
    if (!administrator) throw new Error('no lan administrator');
    await takePart(lan.id, administrator.user.id, true);
    expect(await keysOf(administrator.user.id)).not.toContain('crew');
    // …until they announced something at it.
    await site.db
      .insertInto('announcements')
      .values({
        lan_id: lan.id,
        text: 'Pizza is here',
        is_pinned: false,
        to_chat: false,
        author_user_id: administrator.user.id,
        creation_date: new Date().toISOString(),
      })
      .execute();
    expect(await keysOf(administrator.user.id)).toContain('crew');
  });

  it('follows what it shows: a message to the participants, playtime of a closed month', async () => {
    const writer = await api.person();
    const lan = await endedLan('Written to', 10);
    await takePart(lan.id, writer.user.id, true);
    const keysOf = async () =>
      ((await historyOf(writer.user.id)).json() as UserHistory).badges.map((badge) => badge.key);
    expect(await keysOf()).not.toContain('crew');
    await site.db
      .insertInto('lan_messages')
      .values({
        lan_id: lan.id,
        sender_user_id: writer.user.id,
        sender_nickname: 'Writer',
        subject: 'Doors open at six',
        body: 'See you there.',
        statuses: '["Paid"]',
        chat: false,
        recipients: 1,
        unreachable: '[]',
        creation_date: new Date().toISOString(),
      })
      .execute();
    expect(await keysOf()).toContain('crew');
    await ensureGames(site.db, [10], new Date());
    await site.db.transaction().execute((trx) =>
      addPlaytime(
        trx,
        {
          userId: writer.user.id,
          gameId: 10,
          start: new Date('2024-11-10T18:00:00Z'),
          end: new Date('2024-11-11T04:00:00Z'),
        },
        'Europe/Amsterdam',
      ),
    );
    expect(await keysOf()).toContain('podium-gold-2024-11');
  });

  it('awards the podium of a closed month as its leaderboard shows it', async () => {
    await ensureGames(site.db, [10], new Date());
    const players = [
      await api.person(),
      await api.person(),
      await api.person(),
      await api.person(),
    ];
    const hours = [5, 9, 1, 3];
    for (const [index, player] of players.entries())
      await site.db.transaction().execute((trx) =>
        addPlaytime(
          trx,
          {
            userId: player.user.id,
            gameId: 10,
            start: new Date('2025-02-10T18:00:00Z'),
            end: new Date(Date.parse('2025-02-10T18:00:00Z') + (hours[index] ?? 0) * 3_600_000),
          },
          'Europe/Amsterdam',
        ),
      );
    const keysOf = async (userId: number) =>
      ((await historyOf(userId)).json() as UserHistory).badges;
    expect(await keysOf(players[1]?.user.id ?? 0)).toEqual([
      {
        key: 'podium-gold-2025-02',
        name: 'Gold, February 2025',
        reason: 'First on the leaderboard of February 2025.',
        earnedOn: '2025-03-01',
      },
    ]);
    expect((await keysOf(players[0]?.user.id ?? 0))[0]?.key).toBe('podium-silver-2025-02');
    expect((await keysOf(players[3]?.user.id ?? 0))[0]?.key).toBe('podium-bronze-2025-02');
    expect(await keysOf(players[2]?.user.id ?? 0)).toEqual([]);
  });

  it('breaks a tie on the podium as the leaderboard does, by nickname', async () => {
    await ensureGames(site.db, [10], new Date());
    const named = async (nickname: string, hours: number) => {
      const player = await api.person({ nickname });
      await site.db.transaction().execute((trx) =>
        addPlaytime(
          trx,
          {
            userId: player.user.id,
            gameId: 10,
            start: new Date('2024-06-10T18:00:00Z'),
            end: new Date(Date.parse('2024-06-10T18:00:00Z') + hours * 3_600_000),
          },
          'Europe/Amsterdam',
        ),
      );
      return player;
    };
    const players = [
      await named('zed', 4),
      await named('Amy', 4),
      await named('bob', 4),
      await named('carl', 4),
    ];
    const board = (
      await api.request(players[0], 'GET', '/api/stats/leader-boards/users/months/2024/6')
    ).json().items as { user: { id: number }; position: number }[];
    const medal = ['gold', 'silver', 'bronze'];
    for (const player of players) {
      const position = board.find((item) => item.user.id === player.user.id)?.position ?? 0;
      const badges = ((await historyOf(player.user.id)).json() as UserHistory).badges.map(
        (badge) => badge.key,
      );
      expect(badges, player.user.nickname).toEqual(
        position <= 3 ? [`podium-${medal[position - 1]}-2024-06`] : [],
      );
    }
    expect(board.slice(0, 3).map((item) => item.user.id)).toEqual(
      [players[1], players[2], players[3]].map((player) => player?.user.id),
    );
  });

  it('ranks the podium again when people change: a new nickname, someone who never counted', async () => {
    await ensureGames(site.db, [10], new Date());
    const played = async (player: { user: { id: number } }, hours: number) =>
      site.db.transaction().execute((trx) =>
        addPlaytime(
          trx,
          {
            userId: player.user.id,
            gameId: 10,
            start: new Date('2023-03-10T18:00:00Z'),
            end: new Date(Date.parse('2023-03-10T18:00:00Z') + hours * 3_600_000),
          },
          'Europe/Amsterdam',
        ),
      );
    // Never Lanner nor Member: the most playtime of the month, and no podium.
    const stranger = await api.person({ roles: [] });
    await played(stranger, 9);
    const players: { user: { id: number } }[] = [];
    for (const [nickname, hours] of [
      ['podium-a', 4],
      ['podium-b', 3],
      ['podium-c', 2],
      ['podium-d', 2],
    ] as const) {
      const player = await api.person({ nickname });
      await played(player, hours);
      players.push(player);
    }
    const podiumOf = async (player: { user: { id: number } }) =>
      ((await historyOf(player.user.id)).json() as UserHistory).badges
        .map((badge) => badge.key)
        .filter((key) => key.endsWith('2023-03'));
    const podiums = async () => Promise.all(players.map(podiumOf));
    expect(await podiums()).toEqual([
      ['podium-gold-2023-03'],
      ['podium-silver-2023-03'],
      ['podium-bronze-2023-03'],
      [],
    ]);
    // The tie of c and d goes the other way once c is called z.
    await site.db
      .updateTable('users')
      .set({ nickname: 'podium-z' })
      .where('id', '=', players[2]?.user.id ?? 0)
      .execute();
    expect(await podiums()).toEqual([
      ['podium-gold-2023-03'],
      ['podium-silver-2023-03'],
      [],
      ['podium-bronze-2023-03'],
    ]);
  });

  it('stores what the data earns, equal to a rebuild from nothing, and takes back what is undone', async () => {
    const me = await api.person();
    const lans = [];
    for (const days of [50, 40, 30]) lans.push(await endedLan(`Lan ${days}`, days));
    const subscriptions = [];
    for (const lan of lans) subscriptions.push(await takePart(lan.id, me.user.id, true));

    await syncBadges(deps());
    const stored = async () =>
      (await findStoredBadges(site.db, [me.user.id])).map(({ key, earnedOn }) => ({
        key,
        earnedOn,
      }));
    const first = await stored();
    expect(first.map((badge) => badge.key).sort()).toEqual(['lans-1', 'streak-3']);
    expect(await syncBadges(deps())).toEqual({ awarded: 0, withdrawn: 0 });

    // Rebuilt from nothing: the same badges on the same days.
    await site.db.deleteFrom('user_badges').execute();
    await syncBadges(deps());
    expect(await stored()).toEqual(first);
    const everyone = await awardEveryone(deps(), new Date());
    expect(everyone.get(me.user.id)).toEqual(first);

    // Presence taken back (the organiser's switch): the streak badge goes, at once in the
    // history, and from the store at the next sync.
    const middle = subscriptions[1]?.id;
    const back = await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/subscribers/${middle}/present:false`,
    );
    expect(back.statusCode, back.body).toBe(200);
    const history = (await historyOf(me.user.id)).json() as UserHistory;
    expect(history.badges.map((badge) => badge.key)).toEqual(['lans-1']);
    expect(await syncBadges(deps())).toEqual({ awarded: 0, withdrawn: 1 });
    expect((await stored()).map((badge) => badge.key)).toEqual(['lans-1']);
  });

  it('names no tournament of an inactive lan, in the history nor among the stored badges', async () => {
    const me = await api.person();
    const lan = await endedLan('Hidden later', 10);
    const now = new Date().toISOString();
    const tournament = await site.db
      .insertInto('tournaments')
      .values({
        lan_id: lan.id,
        name: 'Secret cup',
        game_id: null,
        game_name: 'Quake',
        format: 'single_elimination',
        team_size: 1,
        max_entrants: 2,
        best_of: 1,
        final_best_of: 1,
        sign_up_closes_at: null,
        needs_check_in: false,
        state: 'finished',
        creation_date: now,
        started_at: now,
        finished_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = await site.db
      .insertInto('tournament_entries')
      .values({
        tournament_id: tournament.id,
        name: null,
        clan_id: null,
        captain_user_id: me.user.id,
        is_checked_in: false,
        has_forfeited: false,
        final_rank: 1,
        creation_date: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await site.db
      .insertInto('tournament_entry_members')
      .values({ entry_id: entry.id, tournament_id: tournament.id, user_id: me.user.id })
      .execute();
    const champion = `tournament-1-${tournament.id}`;
    const shown = async () =>
      ((await historyOf(me.user.id)).json() as UserHistory).badges.map((badge) => badge.name);
    await syncBadges(deps());
    expect(await shown()).toContain('Champion, Secret cup');

    // The lan made inactive: its tournament is nobody's to see, nor its champion.
    await site.db.updateTable('lans').set({ is_active: false }).where('id', '=', lan.id).execute();
    expect((await shown()).join()).not.toMatch(/Secret cup/);
    expect(await syncBadges(deps())).toEqual({ awarded: 0, withdrawn: 1 });
    const stored = await findStoredBadges(site.db, [me.user.id]);
    expect(stored.map((badge) => badge.key)).not.toContain(champion);
  });

  it('tells the person of new badges on their profile until they have seen them', async () => {
    const me = await api.person();
    await takePart((await endedLan('Told', 10)).id, me.user.id, true);
    const notices = async () =>
      (await api.request(me, 'GET', '/api/users/me')).json().notices as {
        newBadges: { key: string; name: string }[];
      };
    expect((await notices()).newBadges).toEqual([]);
    await syncBadges(deps());
    expect((await notices()).newBadges).toEqual([{ key: 'lans-1', name: 'First lan' }]);
    const seen = await api.request(me, 'PUT', '/api/users/me/badges/seen');
    expect(seen.statusCode).toBe(204);
    expect((await notices()).newBadges).toEqual([]);
    // A rebuild does not tell again what was told.
    await syncBadges(deps());
    expect((await notices()).newBadges).toEqual([]);
  });

  it('tells of newly earned badges only: ones earned long ago are dated so, and a month unseen ends the news', async () => {
    const me = await api.person();
    // Three lans in a row: the first years ago, the last ten days ago.
    const old = await endedLan('Long ago', 700);
    await takePart(old.id, me.user.id, true);
    await takePart((await endedLan('Last year', 300)).id, me.user.id, true);
    const recent = await endedLan('Recent', 10);
    await takePart(recent.id, me.user.id, true);
    const notices = async () =>
      (
        (await api.request(me, 'GET', '/api/users/me')).json().notices as {
          newBadges: { key: string }[];
        }
      ).newBadges.map((badge) => badge.key);
    const dayOf = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(instant);
    const endOf = async (lanId: number) =>
      new Date(
        (
          await site.db
            .selectFrom('lans')
            .select('end_date')
            .where('id', '=', lanId)
            .executeTakeFirstOrThrow()
        ).end_date,
      );

    // Found all at once, as when the site first counts badges: each on the day it was
    // earned, the old one no news.
    await syncBadges(deps());
    const stored = await findStoredBadges(site.db, [me.user.id]);
    expect(stored).toEqual([
      { userId: me.user.id, key: 'lans-1', earnedOn: dayOf(await endOf(old.id)), isSeen: true },
      {
        userId: me.user.id,
        key: 'streak-3',
        earnedOn: dayOf(await endOf(recent.id)),
        isSeen: false,
      },
    ]);
    expect(await notices()).toEqual(['streak-3']);

    // Left unseen for a month: earned 40 days before, it is news no more.
    await syncBadges(deps(), new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(await notices()).toEqual([]);
    expect((await findStoredBadges(site.db, [me.user.id])).every((badge) => badge.isSeen)).toBe(
      true,
    );
  });

  it('sorts lanners by lans attended, hidden histories and erased accounts as none', async () => {
    const [most, some, hidden] = [
      await api.person({ nickname: 'zz most' }),
      await api.person({ nickname: 'aa some' }),
      await api.person({ nickname: 'mm hidden' }),
    ];
    const lans = [await endedLan('A', 30), await endedLan('B', 20)];
    for (const lan of lans) {
      await takePart(lan.id, most.user.id, true);
      await takePart(lan.id, hidden.user.id, true);
    }
    await takePart((lans[0] as { id: number }).id, some.user.id, true);
    await api.request(hidden, 'PUT', '/api/users/me/history-visibility', { showsHistory: false });
    const ids = [most, some, hidden].map((person) => person.user.id).join(',');
    const listed = await api.request(
      undefined,
      'GET',
      `/api/users?userIds=${ids}&sort=lansAttended`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((user: { nickname: string }) => user.nickname)).toEqual([
      'zz most',
      'aa some',
      'mm hidden',
    ]);
    const bad = await api.request(undefined, 'GET', '/api/users?sort=visits');
    expect(bad.statusCode).toBe(400);
  });
});
