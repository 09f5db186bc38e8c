import type { Role } from '@lanparty/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

type Row = { id: number; status: string; user: { id: number; nickname: string } };
type Paged = { items: Row[]; total: number };

/**
 * Spec, Subscriber table (issue 50 §1, withdrawing decision 038's departure): Denied rows
 * are listed to everyone, last (Paid, Accepted, Pending, Denied, then nickname), on every
 * read that lists subscribers: one answer for every viewer.
 */
describe.each(testEngines)('Denied subscribers in the lan reads on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);
  const { admin, setStatus } = api;
  let memberAdmin: SignedIn;
  let bystander: SignedIn;
  let denied: SignedIn;
  let otherDenied: SignedIn;
  let lanId: number;

  const get = (who: SignedIn | undefined, url: string) => api.request(who, 'GET', url);
  /** The lan administrator subscribes `who`. */
  const subscribe = async (who: SignedIn) => {
    const response = await api.request(admin, 'POST', '/api/subscribers', {
      lanId,
      userId: who.user.id,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };
  const shown = (rows: readonly Row[]) => rows.map((row) => `${row.user.nickname}: ${row.status}`);

  /** The rows, in order, each read shows `who`: the lan, the list of lans, the paged subscribers. */
  async function shownTo(who: SignedIn | undefined) {
    const lan = await get(who, `/api/lans/${lanId}`);
    const list = await get(who, '/api/lans?limit=100');
    const page = await get(who, `/api/lans/${lanId}/subscribers?limit=100`);
    expect([lan.statusCode, list.statusCode, page.statusCode]).toEqual([200, 200, 200]);
    const inList = (list.json().items as { id: number; subscribers: Row[] }[]).find(
      (one) => one.id === lanId,
    );
    const paged = page.json() as Paged;
    return {
      lan: shown(lan.json().subscribers),
      list: shown(inList?.subscribers ?? []),
      page: shown(paged.items),
      total: paged.total,
    };
  }

  const everyRow = [
    'paid: Paid',
    'accepted: Accepted',
    'pending: Pending',
    'denied: Denied',
    'other denied: Denied',
  ];
  const seen = (rows: string[]) => ({ lan: rows, list: rows, page: rows, total: rows.length });

  beforeAll(async () => {
    // Named, without an e-mail address: the reads below compare nicknames.
    const as = (roles: Role[], nickname: string) => api.person({ roles, nickname, mail: 'none' });
    memberAdmin = await as(['MemberAdministrator'], 'member admin');
    bystander = await as(['Lanner'], 'bystander');
    // Subscribed in an order that is none of the table's, so the order read is the server's.
    otherDenied = await as(['Lanner'], 'other denied');
    denied = await as(['Lanner'], 'denied');
    const pending = await as(['Lanner'], 'pending');
    const accepted = await as(['Lanner'], 'accepted');
    const paid = await as(['Lanner'], 'paid');
    lanId = (await api.createLan()).id;
    await setStatus((await subscribe(otherDenied)).id, 'denied');
    await setStatus((await subscribe(denied)).id, 'denied');
    await subscribe(pending);
    await setStatus((await subscribe(accepted)).id, 'accepted');
    await setStatus((await subscribe(paid)).id, 'paid');
  });

  it('lists every Denied subscriber, last, to visitors, lanners, the person denied and administrators alike', async () => {
    // The first read of all is anonymous, so what is kept first is a visitor's.
    const visitor = await shownTo(undefined);
    expect(visitor).toEqual(seen(everyRow));
    for (const who of [bystander, memberAdmin, denied, otherDenied, admin])
      expect(await shownTo(who)).toEqual(visitor);
  });

  it('pages and counts the Denied subscribers with the others', async () => {
    const last = (await get(bystander, `/api/lans/${lanId}/subscribers?limit=2&offset=3`)).json();
    expect(shown(last.items)).toEqual(['denied: Denied', 'other denied: Denied']);
    expect(last.total).toBe(5);
  });

  it('follows a change of status: a Denied subscriber taken back moves up for everyone', async () => {
    const page = (await get(admin, `/api/lans/${lanId}/subscribers`)).json() as Paged;
    const row = page.items.find((one) => one.user.id === otherDenied.user.id);
    await setStatus(row?.id ?? 0, 'pending');
    expect((await shownTo(bystander)).page).toEqual([
      'paid: Paid',
      'accepted: Accepted',
      'other denied: Pending',
      'pending: Pending',
      'denied: Denied',
    ]);
    await setStatus(row?.id ?? 0, 'denied');
    expect(await shownTo(undefined)).toEqual(seen(everyRow));
  });

  it('tells the person denied their status in their own subscriptions', async () => {
    const own = (await get(denied, '/api/users/me/subscriptions')).json() as Paged;
    expect(own.items.map((row) => row.status)).toEqual(['Denied']);
  });
});

describe.each(testEngines)('a lan’s dates on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine, { env: { TZ_COMMUNITY: 'Europe/Amsterdam' } });
  const { admin } = api;

  it('are written with the community’s offset: the date and time the organiser set', async () => {
    const { id } = await api.createLan({
      startDate: '2198-01-08T18:00:00+01:00',
      endDate: '2198-07-10T23:30:00Z',
    });
    const subscribed = await api.request(admin, 'POST', '/api/subscribers', {
      lanId: id,
      userId: admin.user.id,
    });
    const lan = (await site.app.inject({ method: 'GET', url: `/api/lans/${id}` })).json();
    const dates = {
      startDate: '2198-01-08T18:00:00.000+01:00',
      endDate: '2198-07-11T01:30:00.000+02:00',
    };
    expect({ startDate: lan.startDate, endDate: lan.endDate }).toEqual(dates);
    expect(lan.subscribers[0].lan).toMatchObject(dates);
    expect(subscribed.json().lan).toMatchObject(dates);
  });

  it('writes the day of subscribing with the community’s offset, so it is the community’s day', async () => {
    const { id } = await api.createLan({}, 30);
    const subscribed = await api.subscribe(id, admin);
    // 00:30 in Amsterdam on the 14th is still the 13th in UTC.
    await site.db
      .updateTable('subscribers')
      .set({ creation_date: '2025-03-13T23:30:00.000Z' })
      .where('id', '=', subscribed.id)
      .execute();
    const lan = (await site.app.inject({ method: 'GET', url: `/api/lans/${id}` })).json();
    expect(lan.subscribers[0].creationDate).toBe('2025-03-14T00:30:00.000+01:00');
    const page = await site.app.inject({
      method: 'GET',
      url: `/api/lans/${id}/subscribers`,
      headers: admin.headers,
    });
    expect(page.json().items[0].creationDate).toBe('2025-03-14T00:30:00.000+01:00');
  });
});
