import type { DataExport } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { listen, openStream } from '../../../test/event-streams.ts';
import { insertPastLan } from '../../../test/lans.ts';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { insertLocalAccount } from '../identity/local-accounts.repository.ts';
import { hashPassword } from '../identity/passwords.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { addPlaytime, ensureGames } from '../playtime/playtime.repository.ts';
import { findSteamUsers } from '../playtime/steam-profiles.repository.ts';
import { type PersonalTable, personalTables } from './personal-tables.ts';
import { readUserReferences } from './user-catalogue.repository.ts';

const password = 'correct horse battery';

/*
 * A person's data (issue 36): the export of everything the site holds about them, the
 * erasure of their account, and their consent to record Steam playtime.
 */
describe.each(testEngines)('data export, erasure and consent on %s', (engine) => {
  const { api, site, as } = setUpOrganiserSite(engine, {
    callers: ['LanAdministrator', 'MemberAdministrator', 'Lanner'],
  });

  let listening: Promise<string> | undefined;
  const baseUrl = () => {
    listening ??= listen(site.app);
    return listening;
  };

  const withPassword = async (person: Person) => {
    await insertLocalAccount(site.db, {
      userId: person.user.id,
      username: `account${person.user.id}`,
      passwordHash: await hashPassword(password),
    });
    return person;
  };

  const takePart = async (
    lanId: number,
    userId: number,
    status: string,
    present: boolean | null,
  ) => {
    const now = new Date().toISOString();
    return site.db
      .insertInto('subscribers')
      .values({
        lan_id: lanId,
        user_id: userId,
        status: status as 'Paid',
        present,
        amount_due_cents: status === 'Paid' || status === 'Accepted' ? 2500 : null,
        creation_date: now,
        modification_date: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  const exportOf = async (person: Person) => {
    const response = await api.request(person, 'GET', '/api/users/me/export');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DataExport;
  };

  it('covers every table that refers to a user, as the database’s own catalogue lists them', async () => {
    const references = await readUserReferences(site.db);
    const missing = [...references]
      .filter(([table, columns]) => {
        const spec = (personalTables as Record<string, PersonalTable>)[table];
        const covered = [...(spec?.userColumns ?? []), ...Object.keys(spec?.actedColumns ?? {})];
        return !spec || [...columns].some((column) => !covered.includes(column));
      })
      .map(([table, columns]) => `${table} (${[...columns].join(', ')})`);
    expect(missing, 'tables that refer to a user without export and erasure support').toEqual([]);
    // Each table named here is one the catalogue knows (no stale entries).
    expect(Object.keys(personalTables).filter((table) => !references.has(table))).toEqual([]);

    const exported = await exportOf(await api.person());
    for (const table of references.keys())
      expect(exported.data[table], table).toBeInstanceOf(Array);
    // Every part is said in a sentence, and nothing is said of a part that is not there.
    expect(Object.keys(exported.about.parts).sort()).toEqual(Object.keys(exported.data).sort());
    for (const [part, sentence] of Object.entries(exported.about.parts))
      expect(sentence, part).toMatch(/^[A-Z].{10,}\.$/);
  });

  it('exports the person’s rows, none of another’s, without secrets, the same on both engines', async () => {
    const me = await withPassword(await api.person({ nickname: 'Exported' }));
    const other = await api.person();
    const lan = await insertPastLan(site.db, { name: 'Exported lan', daysAgo: 30 });
    await takePart(lan.id, me.user.id, 'Paid', true);
    await takePart(lan.id, other.user.id, 'Paid', true);
    await ensureGames(site.db, [10], new Date());
    await site.db.transaction().execute((trx) =>
      addPlaytime(
        trx,
        {
          userId: me.user.id,
          gameId: 10,
          start: new Date('2025-05-10T18:00:00Z'),
          end: new Date('2025-05-10T20:00:00Z'),
        },
        'Europe/Amsterdam',
      ),
    );
    await api.request(me, 'PUT', '/api/users/me/consents/steam-playtime', { given: true });
    await api.request(
      me,
      'GET',
      `/api/users/email-addresses/${encodeURIComponent('x@example.org')}`,
    );

    // They checked the other in at the door: theirs is that they did, not the other's place.
    await site.db
      .updateTable('subscribers')
      .set({ checked_in_by_user_id: me.user.id, checked_in_at: new Date().toISOString() })
      .where('user_id', '=', other.user.id)
      .execute();

    const exported = await exportOf(me);
    expect(exported.userId).toBe(me.user.id);
    expect(exported.data.subscribers?.[1]).toEqual({
      checked_in_by_user_id: me.user.id,
      lan_id: lan.id,
      lan_name: 'Exported lan',
      checked_in_at: expect.any(String),
    });
    expect(exported.data.users).toEqual([
      expect.objectContaining({ id: me.user.id, nickname: 'Exported', shows_history: true }),
    ]);
    expect(exported.data.user_roles).toEqual([{ user_id: me.user.id, role: 'Lanner' }]);
    expect(exported.data.local_accounts?.[0]).not.toHaveProperty('password_hash');
    expect(exported.data.local_accounts?.[0]).toMatchObject({ username: `account${me.user.id}` });
    expect(exported.data.subscribers?.[0]).toEqual(
      expect.objectContaining({
        lan_id: lan.id,
        status: 'Paid',
        present: true,
        amount_due: '€25.00',
      }),
    );
    expect(exported.data.subscribers).toHaveLength(2);
    expect(exported.data.playtimes).toEqual([
      {
        user_id: me.user.id,
        game_id: 10,
        game_name: expect.any(String),
        play_day: '2025-05-10',
        seconds: 7200,
      },
    ]);
    expect(exported.data.player_totals?.[0]).toMatchObject({ seconds: 7200, days: 1 });
    expect(exported.data.consents?.[0]).toMatchObject({
      kind: 'steam_playtime',
      is_given: true,
      wording_version: 1,
    });
    expect(exported.data.attempt_counters).toEqual(
      expect.arrayContaining([expect.objectContaining({ count: 1 })]),
    );
    expect(exported.data.erasures).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(`"user_id":${other.user.id},`);
    const download = await api.request(me, 'GET', '/api/users/me/export');
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="lanparty-data-${me.user.id}-\\d{4}-\\d\\d-\\d\\d\\.json"$`,
      ),
    );
    expect(download.headers['cache-control']).toBe('no-store');
    expect((await api.request(undefined, 'GET', '/api/users/me/export')).statusCode).toBe(401);
  });

  it('erases an account with its password: names go, past places and playtime stay anonymised', async () => {
    await ensureGames(site.db, [10], new Date());
    const me = await withPassword(await api.person({ nickname: 'Leaving' }));
    const email = me.email ?? '';
    const past = await insertPastLan(site.db, { name: 'Past', daysAgo: 40 });
    const paid = await takePart(past.id, me.user.id, 'Paid', true);
    const pendingPast = await insertPastLan(site.db, { name: 'Pending past', daysAgo: 35 });
    await takePart(pendingPast.id, me.user.id, 'Pending', null);
    const coming = await api.createLan({ maximumSubcribers: 1 }, 20);
    const place = await takePart(coming.id, me.user.id, 'Accepted', null);
    const seatAt = async (lanId: number, label: string) => {
      await site.db
        .insertInto('seat_plans')
        .values({
          lan_id: lanId,
          opens_at: null,
          locks_at: null,
          is_published: true,
          width: 4,
          height: 4,
          modification_date: new Date().toISOString(),
        })
        .execute();
      return site.db
        .insertInto('seats')
        .values({
          lan_id: lanId,
          label,
          label_key: label.toLowerCase(),
          x: 0,
          y: 0,
          kind: 'standard',
          block_id: null,
          occupant_user_id: me.user.id,
          occupied_date: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    };
    const comingSeat = await seatAt(coming.id, 'A1');
    const pastSeat = await seatAt(past.id, 'B1');
    for (const [index, player] of [me, await api.person()].entries())
      await site.db.transaction().execute((trx) =>
        addPlaytime(
          trx,
          {
            userId: player.user.id,
            gameId: 10,
            start: new Date('2024-03-10T18:00:00Z'),
            end: new Date(Date.parse('2024-03-10T18:00:00Z') + (index + 3) * 3_600_000),
          },
          'Europe/Amsterdam',
        ),
      );
    const board = async () =>
      (await api.request(as.Lanner, 'GET', '/api/stats/leader-boards/users/months/2024/3')).json()
        .items as {
        user: { id: number; nickname: string };
        totalPlaytime: string;
        position: number;
      }[];
    const before = await board();
    const clan = await api.request(me, 'POST', '/api/clans', {
      name: `Leavers ${me.user.id}`,
      tag: `L${me.user.id % 1000}`,
      colour: '#224466',
    });
    expect(clan.statusCode, clan.body).toBe(201);
    const successor = await api.person();
    const joined = await api.request(successor, 'POST', `/api/clans/${clan.json().id}/members`, {
      code: clan.json().code,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);

    expect((await api.request(me, 'GET', '/api/users/me/account')).json()).toEqual({
      username: `account${me.user.id}`,
      hasPassword: true,
    });
    // Mail waiting for them, and a lan message of theirs to someone else (their reply-to).
    await enqueueMessage(site.db, {
      channel: 'email',
      dedupeKey: `to-leaving-${me.user.id}`,
      payload: { to: email, subject: 'Your place', text: 'Hi Leaving' },
      people: { recipient: me.user.id },
    });
    await enqueueMessage(site.db, {
      channel: 'email',
      dedupeKey: `from-leaving-${me.user.id}`,
      payload: { to: 'friend@example.org', subject: 'News', text: 'Hi', replyTo: email },
      people: { recipient: successor.user.id, named: [me.user.id] },
    });
    const wrong = await api.request(me, 'DELETE', '/api/users/me', { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('The password is not right.');
    const none = await api.request(me, 'DELETE', '/api/users/me', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toMatch(/password, or sign in again/);

    const erased = await api.request(me, 'DELETE', '/api/users/me', { password });
    expect(erased.statusCode, erased.body).toBe(204);

    // The old token is refused at once by every call that acts as someone (public reads,
    // which never look at who asks, answer it as they answer anybody).
    for (const url of ['/api/users/me', '/api/users/me/export', '/api/users/me/consents']) {
      const response = await api.request(me, 'GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().detail).toBe('This account was erased.');
    }
    const row = await site.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      nickname: 'Former lanner',
      email: null,
      first_name: null,
      steam_id: null,
    });
    expect(row.erased_at).not.toBeNull();
    const left = async (
      table: 'user_roles' | 'local_accounts' | 'consents' | 'email_verifications',
    ) => site.db.selectFrom(table).selectAll().where('user_id', '=', me.user.id).execute();
    for (const table of [
      'user_roles',
      'local_accounts',
      'consents',
      'email_verifications',
    ] as const)
      expect(await left(table), table).toEqual([]);
    const subscriptions = await site.db
      .selectFrom('subscribers')
      .select(['id', 'status'])
      .where('user_id', '=', me.user.id)
      .execute();
    expect(subscriptions).toEqual([{ id: paid.id, status: 'Paid' }]);
    expect(subscriptions.some((each) => each.id === place.id)).toBe(false);
    // The seat at the lan to come is free; where they sat at the past lan stays.
    const occupantOf = async (id: number) =>
      (
        await site.db
          .selectFrom('seats')
          .select('occupant_user_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).occupant_user_id;
    expect(await occupantOf(comingSeat.id)).toBeNull();
    expect(await occupantOf(pastSeat.id)).toBe(me.user.id);
    // The organiser's past lan shows a former lanner in the place they paid for.
    const pastLan = (await api.request(as.LanAdministrator, 'GET', `/api/lans/${past.id}`)).json();
    expect(
      pastLan.subscribers.map((s: { user: { nickname: string } }) => s.user.nickname),
    ).toContain('Former lanner');
    // Leaderboards keep their totals and positions, of a former lanner.
    const after = await board();
    expect(after.map((item) => [item.user.id, item.totalPlaytime, item.position])).toEqual(
      before.map((item) => [item.user.id, item.totalPlaytime, item.position]),
    );
    expect(after.find((item) => item.user.id === me.user.id)?.user.nickname).toBe('Former lanner');
    // Their mail waits no more and says nothing; nor does the other's that names them.
    const mail = async (key: string) =>
      site.db
        .selectFrom('outbox')
        .select(['payload', 'cancelled_at'])
        .where('dedupe_key', '=', key)
        .executeTakeFirstOrThrow();
    const theirs = await mail(`to-leaving-${me.user.id}`);
    expect(theirs.payload).toBe('{}');
    expect(theirs.cancelled_at).not.toBeNull();
    const others = await mail(`from-leaving-${me.user.id}`);
    expect(others.payload).toBe('{}');
    expect(others.cancelled_at).not.toBeNull();
    // The clan passed to the member who joined longest ago.
    const clanNow = (await api.request(successor, 'GET', `/api/clans/${clan.json().id}`)).json();
    expect(clanNow.members).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: successor.user.id }),
        role: 'leader',
      }),
    ]);
    // Recorded without personal data; a new account with the address is someone new.
    const record = await site.db
      .selectFrom('erasures')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ by_user_id: null, reason: null });
    const again = await api.person({ nickname: 'Back' });
    await site.db.updateTable('users').set({ email }).where('id', '=', again.user.id).execute();
    expect(again.user.id).not.toBe(me.user.id);
    expect((await api.request(again, 'GET', '/api/users/me')).json().email).toBe(email);
    expect((await api.request(me, 'DELETE', '/api/users/me', { password })).statusCode).toBe(401);
  });

  it('tells how one signs in as it is now: a password added after a read shows', async () => {
    const person = await api.person();
    const account = async () => (await api.request(person, 'GET', '/api/users/me/account')).json();
    expect(await account()).toEqual({ username: null, hasPassword: false });
    await insertLocalAccount(site.db, {
      userId: person.user.id,
      username: `later${person.user.id}`,
      passwordHash: await hashPassword(password),
    });
    expect(await account()).toEqual({ username: `later${person.user.id}`, hasPassword: true });
  });

  it('erases an account without a password on a fresh sign-in’s proof', async () => {
    const steamOnly = await api.person();
    const proofOf = (claims: Record<string, unknown>) =>
      site.issuer.signToken(
        { sub: steamOnly.user.subject ?? undefined, ...claims },
        { audience: 'lanparty-web' },
      );
    const seconds = Math.floor(Date.now() / 1000);
    const attempt = (body: object) => api.request(steamOnly, 'DELETE', '/api/users/me', body);

    expect((await api.request(steamOnly, 'GET', '/api/users/me/account')).json()).toEqual({
      username: null,
      hasPassword: false,
    });
    expect((await attempt({ password })).json().detail).toMatch(/has no password/);
    const stale = await attempt({ idToken: await proofOf({ auth_time: seconds - 600 }) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toMatch(/over 5 minutes ago/);
    const foreign = await site.issuer.signToken(
      { sub: 'someone-else', auth_time: seconds },
      { audience: 'lanparty-web' },
    );
    expect((await attempt({ idToken: foreign })).json().detail).toMatch(/of another account/);
    // An access token (the API's audience) is no sign-in proof.
    const accessToken = await site.issuer.signToken({
      sub: steamOnly.user.subject ?? undefined,
      auth_time: seconds,
    });
    expect((await attempt({ idToken: accessToken })).json().detail).toMatch(/not valid/);
    expect((await attempt({ idToken: 'not.a.token' })).statusCode).toBe(400);

    const erased = await attempt({ idToken: await proofOf({ auth_time: seconds - 30 }) });
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await api.request(steamOnly, 'GET', '/api/users/me')).statusCode).toBe(401);
  });

  it('keeps the site’s last system administrator', async () => {
    const others = await site.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'SystemAdministrator')
      .execute();
    await site.db.deleteFrom('user_roles').where('role', '=', 'SystemAdministrator').execute();
    const only = await withPassword(await api.person({ roles: ['SystemAdministrator'] }));
    const own = await api.request(only, 'DELETE', '/api/users/me', { password });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toMatch(/only system administrator/);
    const second = await withPassword(await api.person({ roles: ['SystemAdministrator'] }));
    const byOther = await api.request(second, 'DELETE', `/api/users/${only.user.id}`);
    expect(byOther.statusCode, byOther.body).toBe(204);
    const last = await api.request(second, 'DELETE', '/api/users/me', { password });
    expect(last.statusCode).toBe(409);
    if (others.length > 0)
      await site.db
        .insertInto('user_roles')
        .values(
          others.map((row) => ({ user_id: row.user_id, role: 'SystemAdministrator' as const })),
        )
        .execute();
  });

  it('ends the erased account’s open live update stream', async () => {
    const leaving = await withPassword(await api.person());
    const stream = await openStream(await baseUrl(), leaving);
    expect(stream.response.status).toBe(200);
    const erased = await api.request(leaving, 'DELETE', '/api/users/me', { password });
    expect(erased.statusCode).toBe(204);
    await stream.ended();
    const again = await openStream(await baseUrl(), leaving);
    expect(again.response.status).toBe(401);
  });

  it('lets a member administrator erase an account, asking no reason, keeping when and by whom', async () => {
    const gone = await api.person();
    const administrator = as.MemberAdministrator;
    if (!administrator) throw new Error('no member administrator');
    const own = await api.request(administrator, 'DELETE', `/api/users/${administrator.user.id}`);
    expect(own.statusCode).toBe(409);
    const erased = await api.request(administrator, 'DELETE', `/api/users/${gone.user.id}`);
    expect(erased.statusCode, erased.body).toBe(204);
    const record = await site.db
      .selectFrom('erasures')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ by_user_id: administrator.user.id, reason: null });
    expect(JSON.stringify(record)).not.toContain(gone.user.nickname);
    // Not an account holding a role a member administrator could not take away.
    const lanAdministrator = await api.person({ roles: ['LanAdministrator'] });
    const higher = await api.request(
      administrator,
      'DELETE',
      `/api/users/${lanAdministrator.user.id}`,
    );
    expect(higher.statusCode).toBe(403);
    expect(higher.json().detail).toMatch(/LanAdministrator/);
    const twice = await api.request(administrator, 'DELETE', `/api/users/${gone.user.id}`);
    expect(twice.statusCode).toBe(404);
    expect((await api.request(gone, 'GET', '/api/users/me')).statusCode).toBe(401);
    // Nobody erased shows on a member administrator's sign-ups or as a lanner.
    const history = await api.request(administrator, 'GET', `/api/users/${gone.user.id}/history`);
    expect(history.statusCode).toBe(404);
  });

  it('erases for an old page that still sends a reason, and keeps none of it', async () => {
    const gone = await api.person();
    const administrator = as.MemberAdministrator;
    if (!administrator) throw new Error('no member administrator');
    const erased = await api.request(administrator, 'DELETE', `/api/users/${gone.user.id}`, {
      reason: `Asked by ${gone.user.nickname}`,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const record = await site.db
      .selectFrom('erasures')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ by_user_id: administrator.user.id, reason: null });
    expect(JSON.stringify(record)).not.toContain(gone.user.nickname);
  });

  it('records Steam playtime only with consent, asks those assumed once, and deletes on request', async () => {
    const linked = await api.person();
    await site.db
      .updateTable('users')
      .set({ steam_id: `7656119${String(linked.user.id).padStart(10, '0')}` })
      .where('id', '=', linked.user.id)
      .execute();
    const consent = async () =>
      (await api.request(linked, 'GET', '/api/users/me/consents')).json().steamPlaytime;
    const watched = async () =>
      (await findSteamUsers(site.db)).some((u) => u.userId === linked.user.id);

    expect(await consent()).toMatchObject({
      given: null,
      needsAnswer: true,
      currentWordingVersion: 1,
    });
    expect(await consent()).toMatchObject({
      wording: 'Record my Steam playtime for the leaderboards and the rewind',
    });
    expect(await watched()).toBe(false);

    // Linked before the site asked: consent assumed (wording 0), recorded, asked once.
    await site.db
      .insertInto('consents')
      .values({
        user_id: linked.user.id,
        kind: 'steam_playtime',
        is_given: true,
        wording_version: 0,
        decided_at: new Date().toISOString(),
      })
      .execute();
    expect(await watched()).toBe(true);
    expect(await consent()).toMatchObject({ given: true, wordingVersion: 0, needsAnswer: true });
    const asks = async () =>
      (await api.request(linked, 'GET', '/api/users/me')).json().notices.asksSteamPlaytimeConsent;
    expect(await asks()).toBe(true);

    const off = await api.request(linked, 'PUT', '/api/users/me/consents/steam-playtime', {
      given: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ given: false, wordingVersion: 1, needsAnswer: false });
    expect(await asks()).toBe(false);
    expect(await watched()).toBe(false);
    const on = await api.request(linked, 'PUT', '/api/users/me/consents/steam-playtime', {
      given: true,
    });
    expect(on.json()).toMatchObject({ given: true, needsAnswer: false });
    expect(await watched()).toBe(true);
    const bad = await api.request(linked, 'PUT', '/api/users/me/consents/steam-playtime', {
      given: 'yes',
    });
    expect(bad.statusCode).toBe(400);

    // Deleting what was collected takes them out of past leaderboards.
    await ensureGames(site.db, [10], new Date());
    await site.db.transaction().execute((trx) =>
      addPlaytime(
        trx,
        {
          userId: linked.user.id,
          gameId: 10,
          start: new Date('2023-07-10T18:00:00Z'),
          end: new Date('2023-07-10T21:00:00Z'),
        },
        'Europe/Amsterdam',
      ),
    );
    const month = async () =>
      (await api.request(as.Lanner, 'GET', '/api/stats/leader-boards/users/months/2023/7'))
        .json()
        .items.map((item: { user: { id: number } }) => item.user.id);
    expect(await month()).toContain(linked.user.id);
    const deleted = await api.request(linked, 'DELETE', '/api/users/me/playtime');
    expect(deleted.statusCode).toBe(204);
    expect(await month()).not.toContain(linked.user.id);
    expect((await exportOf(linked)).data.playtime_years).toEqual([]);
  });
});
