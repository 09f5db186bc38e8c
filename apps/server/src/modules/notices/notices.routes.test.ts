import type { NoticeList } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { isEventFor } from '../events/event-hub.ts';

/** Notices (issue 53 §4): one place for what the site tells a person. */
describe.each(testEngines)('notices on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);
  const noticesOf = async (who: Person): Promise<NoticeList> => {
    const response = await api.request(who, 'GET', '/api/users/me/notices');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const seeUpTo = (who: Person, upTo: unknown) =>
    api.request(who, 'PUT', '/api/users/me/notices/seen', { upTo });

  it('tells a lanner their place, their payment and a denial, each linking to the lan', async () => {
    const lan = await api.createLan({ name: 'Notice lan', price: 30, membersPrice: 25 });
    const who = await api.person();
    const { id } = await api.subscribe(lan.id, who);
    expect(await noticesOf(who)).toEqual({ items: [], unseen: 0 });
    await api.setStatus(id, 'accepted');
    await api.setStatus(id, 'paid');
    const other = await api.person();
    const denied = await api.subscribe(lan.id, other);
    await api.setStatus(denied.id, 'denied');

    const own = await noticesOf(who);
    expect(own.unseen).toBe(2);
    expect(own.items.map(({ kind, text, link, seen }) => ({ kind, text, link, seen }))).toEqual([
      {
        kind: 'status',
        text: 'Your payment for Notice lan is in: you have paid.',
        link: `/lans/${lan.id}`,
        seen: false,
      },
      {
        kind: 'status',
        text: 'You have a place at Notice lan.',
        link: `/lans/${lan.id}`,
        seen: false,
      },
    ]);
    expect(Date.parse(own.items[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await noticesOf(other)).items.map(({ text }) => text)).toEqual([
      'You have no place at Notice lan: the organisers denied it.',
    ]);
  });

  it('marks notices seen up to one, the newer and another person’s left as they are', async () => {
    const lan = await api.createLan({ name: 'Seen lan' });
    const who = await api.person();
    const other = await api.person();
    const mine = await api.subscribe(lan.id, who);
    const theirs = await api.subscribe(lan.id, other);
    await api.setStatus(mine.id, 'accepted');
    await api.setStatus(theirs.id, 'accepted');
    const [first] = (await noticesOf(who)).items;
    await api.setStatus(mine.id, 'denied');

    expect((await seeUpTo(who, first?.id)).statusCode).toBe(204);
    const own = await noticesOf(who);
    expect(own.unseen).toBe(1);
    expect(own.items.map(({ seen }) => seen)).toEqual([false, true]);
    // Another person's id changes nothing of theirs.
    const theirNotice = (await noticesOf(other)).items[0];
    expect((await seeUpTo(who, theirNotice?.id)).statusCode).toBe(204);
    expect((await noticesOf(other)).unseen).toBe(1);
    expect((await seeUpTo(who, 'all')).statusCode).toBe(400);
  });

  it('tells everyone holding a place at a lan of its announcement, and nobody else', async () => {
    const lan = await api.createLan({ name: 'Loud lan' });
    const other = await api.createLan({ name: 'Quiet lan' });
    const accepted = await api.ticket(lan.id, 'accepted');
    const paid = await api.ticket(lan.id, 'paid');
    const pending = await api.ticket(lan.id);
    const denied = await api.ticket(lan.id, 'denied');
    const elsewhere = await api.ticket(other.id, 'paid');
    const posted = await api.request(api.admin, 'POST', `/api/lans/${lan.id}/announcements`, {
      text: 'Pizza at nine!',
      pinned: false,
      toChat: false,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const told = {
      kind: 'announcement',
      text: 'Loud lan: Pizza at nine!',
      link: `/lans/${lan.id}`,
    };
    for (const { who } of [accepted, paid])
      expect((await noticesOf(who)).items[0]).toMatchObject(told);
    for (const { who } of [pending, denied, elsewhere])
      expect((await noticesOf(who)).items.some(({ kind }) => kind === 'announcement')).toBe(false);
  });

  it('tells a lanner who moves up from the waiting list', async () => {
    const lan = await api.createLan({ name: 'Full lan', maximumSubcribers: 1 });
    const holder = await api.ticket(lan.id, 'accepted');
    const waiting = await api.person();
    await api.subscribe(lan.id, waiting, true);
    await api.setStatus(holder.id, 'denied');
    expect((await noticesOf(waiting)).items[0]).toMatchObject({
      kind: 'status',
      text: 'You moved up from the waiting list: you have a place at Full lan.',
      link: `/lans/${lan.id}`,
    });
  });

  it('streams a notice event to its person alone', () => {
    const event = { kind: 'notice', userId: 7, id: 1 } as unknown as Parameters<
      typeof isEventFor
    >[0];
    const reader = (userId: number) =>
      ({ userId, canSeeHiddenLans: true }) as Parameters<typeof isEventFor>[1];
    expect(isEventFor(event, reader(7))).toBe(true);
    expect(isEventFor(event, reader(8))).toBe(false);
    expect(
      isEventFor(event, { ...reader(7), screen: { lanId: 1 } } as Parameters<typeof isEventFor>[1]),
    ).toBe(false);
  });
});
