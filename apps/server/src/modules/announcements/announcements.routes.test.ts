import type { Announcement } from '@lanparty/contract';
import { announcementLimits } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { insertPastLan } from '../../../test/lans.ts';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

/*
 * Announcements (issue 35): lan administrators post short notes until a lan ends, pinned
 * or not, to the chat too when asked; anyone who may see the lan reads them.
 */
describe.each(testEngines)('announcements on %s', (engine) => {
  const { api, call, as, site } = setUpOrganiserSite(engine, { callers: everyCaller });
  const admin = () => as.LanAdministrator as Person;

  const post = (lanId: number, body: object, who: Person | undefined = admin()) =>
    api.request(who, 'POST', `/api/lans/${lanId}/announcements`, body);
  const read = async (lanId: number, who?: Person) => {
    const response = await api.request(who, 'GET', `/api/lans/${lanId}/announcements`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Announcement[];
  };

  it('are posted by lan administrators only, and read by anyone, pinned first then newest', async () => {
    const lan = await api.createLan();
    for (const caller of everyCaller) {
      const response = await call(caller, 'POST', `/api/lans/${lan.id}/announcements`, {
        text: `From ${caller}`,
      });
      const expected =
        caller === 'anonymous'
          ? 401
          : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
            ? 201
            : 403;
      expect(response.statusCode, caller).toBe(expected);
    }
    const pinned = await post(lan.id, { text: '  Doors close at 02:00  ', pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(201);
    expect(pinned.json()).toMatchObject({
      lanId: lan.id,
      text: 'Doors close at 02:00',
      pinned: true,
      toChat: false,
    });
    const latest = await post(lan.id, { text: 'Pizza is here!\nKitchen, now.' });
    const texts = (await read(lan.id)).map((each) => each.text);
    expect(texts).toEqual([
      'Doors close at 02:00',
      'Pizza is here!\nKitchen, now.',
      'From SystemAdministrator',
      'From LanAdministrator',
    ]);
    expect((await read(lan.id))[1]).toEqual(latest.json());
  });

  it.each([
    ['no text', { text: '   ' }, 'Text is required'],
    [
      'a text too long',
      { text: 'x'.repeat(announcementLimits.textMaxLength + 1) },
      `${announcementLimits.textMaxLength}`,
    ],
    ['a control character', { text: 'Ring\u0007' }, 'Text cannot contain control characters'],
    ['pinned not a boolean', { text: 'Hi', pinned: 'yes' }, ''],
  ])('refuses %s with a 400 naming the field, and keeps nothing', async (_, body, message) => {
    const lan = await api.createLan();
    const response = await post(lan.id, body);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json().errors as Record<string, string[]>;
    const field = Object.keys(body).find((key) => errors[key]) ?? '';
    expect(errors[field]?.join(' '), response.body).toContain(message);
    expect(await read(lan.id)).toEqual([]);
  });

  it('refuses one for a lan that is over, with a 409', async () => {
    const past = await insertPastLan(site.db, { name: 'Last year', daysAgo: 30 });
    const response = await post(past.id, { text: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'Last year is over: announcements are for a lan still to come or under way.',
    );
  });

  it('goes to the chat too when asked, once', async () => {
    const lan = await api.createLan({ name: 'Chatty Lan' });
    const mark = await api.outboxMark();
    const response = await post(lan.id, {
      text: 'Finals on the big screen at eight',
      toChat: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const chats = (await api.queuedSince(mark)).filter((one) => one.channel === 'chat');
    expect(chats).toHaveLength(1);
    expect(chats[0]?.dedupeKey).toBe(`announcement:${response.json().id}:chat`);
    expect(chats[0]?.payload).toMatchObject({
      content: 'Announcement at Chatty Lan',
      embeds: [{ description: 'Finals on the big screen at eight' }],
    });
    const quiet = await api.outboxMark();
    await post(lan.id, { text: 'Not for the chat' });
    expect((await api.queuedSince(quiet)).filter((one) => one.channel === 'chat')).toEqual([]);
  });

  it('is deleted by lan administrators, gone for everyone; an unknown one is a 404', async () => {
    const lan = await api.createLan();
    const other = await api.createLan();
    const made = (await post(lan.id, { text: 'Oops' })).json() as Announcement;
    expect(
      (await call('Lanner', 'DELETE', `/api/lans/${lan.id}/announcements/${made.id}`)).statusCode,
    ).toBe(403);
    const wrongLan = await api.request(
      admin(),
      'DELETE',
      `/api/lans/${other.id}/announcements/${made.id}`,
    );
    expect(wrongLan.statusCode).toBe(404);
    const removed = await api.request(
      admin(),
      'DELETE',
      `/api/lans/${lan.id}/announcements/${made.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await read(lan.id)).toEqual([]);
    const again = await api.request(
      admin(),
      'DELETE',
      `/api/lans/${lan.id}/announcements/${made.id}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('tells open pages with an announcement event, hidden for an inactive lan', async () => {
    const lan = await api.createLan();
    const hidden = await api.createLan({ isActive: false });
    await post(lan.id, { text: 'Seen' });
    await post(hidden.id, { text: 'Not yet' });
    const events = await site.db
      .selectFrom('events')
      .select(['lan_id', 'is_hidden'])
      .where('kind', '=', 'announcement')
      .where('lan_id', 'in', [lan.id, hidden.id])
      .orderBy('id')
      .execute();
    expect(events.map((event) => [event.lan_id, Boolean(event.is_hidden)])).toEqual([
      [lan.id, false],
      [hidden.id, true],
    ]);
    expect(
      (await call('anonymous', 'GET', `/api/lans/${hidden.id}/announcements`)).statusCode,
    ).toBe(404);
    expect(await read(hidden.id, admin())).toHaveLength(1);
  });
});
