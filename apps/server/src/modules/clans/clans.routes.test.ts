import type { Clan } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { findComingLansEnd } from './clans.repository.ts';

let counter = 0;
/** A name and tag nobody has taken yet in this run. */
function freshClan(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Pixel Pirates ${counter}`, tag: `PP${counter}`, colour: '#1E90FF', ...overrides };
}

/*
 * Clans (issue 34): made by lanners and members, one per person, one leader per clan,
 * joined with the leader's invite code; names and tags unique without case and spaces;
 * the tag beside the members' nicknames wherever people are listed.
 */
describe.each(testEngines)('clans on %s', (engine) => {
  const { api, as, call, site } = setUpOrganiserSite(engine, { callers: everyCaller });

  const create = async (who: Person, body: object = freshClan()) => {
    const response = await api.request(who, 'POST', '/api/clans', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Clan;
  };
  const join = (who: Person, clan: Pick<Clan, 'id'>, code: string | null) =>
    api.request(who, 'POST', `/api/clans/${clan.id}/members`, { code });
  const read = async (clanId: number, who?: Person) =>
    (await api.request(who, 'GET', `/api/clans/${clanId}`)).json() as Clan;

  describe('who may', () => {
    it.each(everyCaller)('lets %s create a clan only as a lanner or member', async (caller) => {
      const response = await call(caller, 'POST', '/api/clans', freshClan());
      const expected =
        caller === 'anonymous'
          ? 401
          : ['Lanner', 'Member', 'SystemAdministrator'].includes(caller)
            ? 201
            : 403;
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 403)
        expect(response.json().detail).toBe('Only lanners and members can be in a clan.');
      if (expected === 201) {
        // Leave it again, so the caller is free for the next test.
        const clan = response.json() as Clan;
        const left = await call(caller, 'DELETE', `/api/clans/${clan.id}`);
        expect(left.statusCode).toBe(204);
      }
    });

    it('lets only the leader and member administrators run the clan, and see its code', async () => {
      const leader = await api.person();
      const member = await api.person();
      const stranger = await api.person();
      const clan = await create(leader);
      expect(clan.code).toMatch(/^[\w-]{24}$/);
      expect((await join(member, clan, clan.code)).statusCode).toBe(200);

      for (const who of [member, stranger]) {
        expect((await read(clan.id, who)).code).toBeNull();
        for (const [method, url, body] of [
          ['PUT', `/api/clans/${clan.id}`, freshClan()],
          ['POST', `/api/clans/${clan.id}/code`, undefined],
          ['PUT', `/api/clans/${clan.id}/members/${member.user.id}`, { role: 'seatManager' }],
          ['DELETE', `/api/clans/${clan.id}`, undefined],
        ] as const) {
          const response = await api.request(who, method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().detail).toBe('Only the clan’s leader can do this.');
        }
      }
      const removed = await api.request(
        stranger,
        'DELETE',
        `/api/clans/${clan.id}/members/${member.user.id}`,
      );
      expect(removed.statusCode).toBe(403);
      expect(removed.json().detail).toBe('Only the clan’s leader can remove other members.');
      expect(await read(clan.id)).toMatchObject({ code: null });

      const moderator = as.MemberAdministrator;
      const renamed = await api.request(moderator, 'PUT', `/api/clans/${clan.id}`, freshClan());
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((renamed.json() as Clan).code).toBe(clan.code);
      expect(
        (await call('anonymous', 'PUT', `/api/clans/${clan.id}`, freshClan())).statusCode,
      ).toBe(401);
    });
  });

  describe('making one', () => {
    it('trims, keeps the colour in lower case, and makes the creator its leader', async () => {
      const leader = await api.person({ nickname: `Captain${process.pid}` });
      const clan = await create(leader, freshClan({ name: '  Lan Lords  ', tag: ' LL ' }));
      expect(clan).toMatchObject({
        name: 'Lan Lords',
        tag: 'LL',
        colour: '#1e90ff',
        members: [{ user: { id: leader.user.id, nickname: leader.user.nickname }, role: 'leader' }],
      });
      const listed = await api.request(undefined, 'GET', '/api/clans?limit=100');
      expect(listed.json().items).toContainEqual({
        id: clan.id,
        name: 'Lan Lords',
        tag: 'LL',
        colour: '#1e90ff',
        memberCount: 1,
      });
    });

    it('lists a clan as it is now: the kept list follows a new member and a rename', async () => {
      const leader = await api.person();
      const clan = await create(leader, freshClan());
      const listed = async () =>
        (await api.request(undefined, 'GET', '/api/clans?limit=100'))
          .json()
          .items.find((item: { id: number }) => item.id === clan.id);
      expect(await listed()).toMatchObject({ memberCount: 1 });
      expect((await join(await api.person(), clan, clan.code)).statusCode).toBe(200);
      expect(await listed()).toMatchObject({ memberCount: 2, name: clan.name });
      const renamed = await api.request(leader, 'PUT', `/api/clans/${clan.id}`, {
        name: `${clan.name} Two`,
        tag: clan.tag,
        colour: clan.colour,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await listed()).toMatchObject({ memberCount: 2, name: `${clan.name} Two` });
    });

    it('shows a clan as it is now: its kept page follows a new member, a rename and a new leader', async () => {
      const leader = await api.person();
      const member = await api.person();
      const clan = await create(leader);
      expect((await read(clan.id, member)).members).toHaveLength(1);
      expect((await join(member, clan, clan.code)).statusCode).toBe(200);
      expect((await read(clan.id, member)).members).toHaveLength(2);
      expect((await read(clan.id, member)).code).toBeNull();
      const renamed = await api.request(leader, 'PUT', `/api/clans/${clan.id}`, {
        name: `${clan.name} Two`,
        tag: clan.tag,
        colour: clan.colour,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await read(clan.id, member)).name).toBe(`${clan.name} Two`);
      const handedOver = await api.request(
        leader,
        'PUT',
        `/api/clans/${clan.id}/members/${member.user.id}`,
        { role: 'leader' },
      );
      expect(handedOver.statusCode, handedOver.body).toBe(200);
      // The new leader sees the invite code, the old one no longer does.
      expect((await read(clan.id, member)).code).toMatch(/^[\w-]{24}$/);
      expect((await read(clan.id, leader)).code).toBeNull();
    });

    it('refuses a name or tag another clan has, compared without case and spaces', async () => {
      const first = await create(await api.person());
      const other = await api.person();
      const sameName = await api.request(other, 'POST', '/api/clans', {
        ...freshClan(),
        name: ` ${first.name.toUpperCase()} `,
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().errors).toEqual({
        name: [`There is already a clan named ${first.name}`],
      });
      const sameTag = await api.request(other, 'POST', '/api/clans', {
        ...freshClan(),
        tag: first.tag.toLowerCase(),
      });
      expect(sameTag.statusCode).toBe(409);
      expect(sameTag.json().errors).toEqual({
        tag: [`The tag ${first.tag} is taken by ${first.name}`],
      });
      // Renaming into another's name is refused the same way; one's own name is fine.
      const mine = await create(other);
      const rename = await api.request(other, 'PUT', `/api/clans/${mine.id}`, {
        name: first.name,
        tag: mine.tag,
        colour: mine.colour,
      });
      expect(rename.statusCode).toBe(409);
      const same = await api.request(other, 'PUT', `/api/clans/${mine.id}`, {
        name: mine.name.toLowerCase(),
        tag: mine.tag,
        colour: '#000000',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ name: mine.name.toLowerCase(), colour: '#000000' });
    });

    it.each([
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(41) }, 'name', 'Name cannot be more than 40 characters long'],
      [{ name: 'Two\nlines' }, 'name', 'Name cannot contain line breaks or control characters'],
      [{ tag: 'X' }, 'tag', 'Tag must be at least 2 characters long'],
      [{ tag: 'SEVENXX' }, 'tag', 'Tag cannot be more than 6 characters long'],
      [{ tag: 'A B' }, 'tag', 'Tag cannot contain spaces'],
      [{ colour: 'red' }, 'colour', 'Colour must be a colour like #1e90ff'],
      [{ colour: undefined }, 'colour', 'Colour is required'],
    ])('refuses %o with a message on %s', async (change, field, message) => {
      const response = await api.request(await api.person(), 'POST', '/api/clans', {
        ...freshClan(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    });

    it('keeps markup as text', async () => {
      const name = `<img src=x onerror=alert(1)> ${process.pid}`;
      const clan = await create(await api.person(), freshClan({ name }));
      expect((await read(clan.id)).name).toBe(name);
    });

    it('gives one of two clans made at once with one name the name, the other a 409', async () => {
      const name = `Race ${counter}-${process.pid}`;
      const people = await Promise.all([api.person(), api.person(), api.person(), api.person()]);
      const responses = await Promise.all(
        people.map((who) => api.request(who, 'POST', '/api/clans', { ...freshClan(), name })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
      for (const refused of responses.filter((response) => response.statusCode === 409))
        expect(refused.json().detail).toBe(`There is already a clan named ${name}.`);
    });
  });

  describe('members', () => {
    it('join with the code; a new code ends the old one', async () => {
      const leader = await api.person();
      const clan = await create(leader);
      const first = await api.person();
      expect((await join(first, clan, 'not-the-code')).statusCode).toBe(403);
      const joined = await join(first, clan, clan.code);
      expect(joined.statusCode, joined.body).toBe(200);
      expect((joined.json() as Clan).members.map((member) => member.role)).toEqual([
        'leader',
        'member',
      ]);

      const renewed = await api.request(leader, 'POST', `/api/clans/${clan.id}/code`);
      expect(renewed.statusCode).toBe(200);
      const { code } = renewed.json() as { code: string };
      expect(code).not.toBe(clan.code);
      const late = await api.person();
      const refused = await join(late, clan, clan.code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(
        'This invite link does not work (any more): ask the clan’s leader for a new one.',
      );
      expect((await join(late, clan, code)).statusCode).toBe(200);
      expect((await read(clan.id, leader)).code).toBe(code);
    });

    it('are in one clan at a time, also when they join two at once', async () => {
      const clans = await Promise.all([create(await api.person()), create(await api.person())]);
      const hopper = await api.person();
      const responses = await Promise.all(clans.map((clan) => join(hopper, clan, clan.code)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const refused = responses.find((response) => response.statusCode === 409);
      expect(refused?.json().detail).toMatch(/^You are in .+ already: leave it before/);
      const again = await join(hopper, clans[0] as Clan, (clans[0] as Clan).code);
      expect(again.statusCode).toBe(409);
      // A leader cannot start a second clan either.
      const leaderAgain = await api.request(hopper, 'POST', '/api/clans', freshClan());
      expect(leaderAgain.statusCode).toBe(409);
    });

    it('get roles from the leader; handing over makes the old leader a seat manager', async () => {
      const leader = await api.person();
      const heir = await api.person();
      const clan = await create(leader);
      await join(heir, clan, clan.code);
      const url = `/api/clans/${clan.id}/members/${heir.user.id}`;
      const manager = await api.request(leader, 'PUT', url, { role: 'seatManager' });
      expect((manager.json() as Clan).members[1]).toMatchObject({ role: 'seatManager' });

      const stepDown = await api.request(
        leader,
        'PUT',
        `/api/clans/${clan.id}/members/${leader.user.id}`,
        { role: 'member' },
      );
      expect(stepDown.statusCode).toBe(409);

      const handed = await api.request(leader, 'PUT', url, { role: 'leader' });
      expect(handed.statusCode, handed.body).toBe(200);
      expect((handed.json() as Clan).members.map((m) => [m.user.id, m.role])).toEqual([
        [heir.user.id, 'leader'],
        [leader.user.id, 'seatManager'],
      ]);
      // The old leader runs it no more, and no longer sees the code.
      expect((await read(clan.id, leader)).code).toBeNull();
      expect((await read(clan.id, heir)).code).toBe(clan.code);
      expect(
        (await api.request(leader, 'PUT', `/api/clans/${clan.id}`, freshClan())).statusCode,
      ).toBe(403);
      const unknown = await api.request(heir, 'PUT', `/api/clans/${clan.id}/members/999999`, {
        role: 'member',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('leave, are removed, and the last one leaving disbands the clan', async () => {
      const leader = await api.person();
      const [a, b] = [await api.person(), await api.person()];
      const clan = await create(leader);
      await join(a, clan, clan.code);
      await join(b, clan, clan.code);
      const members = (who: Person) => `/api/clans/${clan.id}/members/${who.user.id}`;

      expect((await api.request(a, 'DELETE', members(a))).statusCode).toBe(204);
      expect((await api.request(leader, 'DELETE', members(b))).statusCode).toBe(204);
      const leaderLeaving = await api.request(leader, 'DELETE', members(leader));
      expect(leaderLeaving.statusCode).toBe(204);
      expect((await api.request(undefined, 'GET', `/api/clans/${clan.id}`)).statusCode).toBe(404);
      // Free again: a person who left can create or join another.
      await create(a);
    });

    it('keep the leader while others remain: a leader hands over before leaving', async () => {
      const leader = await api.person();
      const other = await api.person();
      const clan = await create(leader);
      await join(other, clan, clan.code);
      const response = await api.request(
        leader,
        'DELETE',
        `/api/clans/${clan.id}/members/${leader.user.id}`,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        'The leader hands the clan over to another member before leaving, or disbands it.',
      );
    });

    it('are in no clan once it is disbanded', async () => {
      const leader = await api.person();
      const other = await api.person();
      const clan = await create(leader);
      await join(other, clan, clan.code);
      expect((await api.request(leader, 'DELETE', `/api/clans/${clan.id}`)).statusCode).toBe(204);
      const me = await api.request(other, 'GET', `/api/users/${other.user.id}`);
      expect(me.json().clan).toBeNull();
      await create(other);
    });
  });

  describe('where people are listed', () => {
    it('stands beside the members and shows their coming lans', async () => {
      const leader = await api.person();
      const clan = await create(leader);
      const lan = await api.createLan();
      const subscription = await api.subscribe(lan.id, leader);
      await api.setStatus(subscription.id, 'accepted');

      const summary = { id: clan.id, name: clan.name, tag: clan.tag, colour: clan.colour };
      const user = await api.request(undefined, 'GET', `/api/users/${leader.user.id}`);
      expect(user.json().clan).toEqual(summary);
      const lanRead = await api.request(undefined, 'GET', `/api/lans/${lan.id}`);
      const shown = lanRead
        .json()
        .subscribers.find((each: { user: { id: number } }) => each.user.id === leader.user.id);
      expect(shown.user.clan).toEqual(summary);
      const lanners = await api.request(undefined, 'GET', `/api/users?userIds=${leader.user.id}`);
      expect(lanners.json().items[0].clan).toEqual(summary);

      expect((await read(clan.id)).members[0]?.comingLans).toEqual([
        expect.objectContaining({ id: lan.id, name: lan.name }),
      ]);
      // Its page is kept until that lan ends: then the lan is no longer a coming one.
      const ends = Date.parse(String(lan.endDate));
      expect(await findComingLansEnd(site.db, clan.id, new Date())).toBe(ends);
      expect(await findComingLansEnd(site.db, clan.id, new Date(ends))).toBe(
        Number.POSITIVE_INFINITY,
      );
      // Renamed: every list shows the new tag at once (the kept answers are built again).
      await api.request(leader, 'PUT', `/api/clans/${clan.id}`, { ...summary, tag: 'NEW1' });
      const again = await api.request(undefined, 'GET', `/api/lans/${lan.id}`);
      expect(
        again
          .json()
          .subscribers.find((each: { user: { id: number } }) => each.user.id === leader.user.id)
          .user.clan.tag,
      ).toBe('NEW1');
    });

    it('answers 404 for a clan that is not there', async () => {
      const response = await api.request(undefined, 'GET', '/api/clans/987654');
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('There is no clan 987654.');
    });
  });
});
