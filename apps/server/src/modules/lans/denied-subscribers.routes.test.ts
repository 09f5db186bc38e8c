import type { Role } from '@lanparty/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

type Row = { id: number; status: string; user: { id: number; nickname: string } };
type Paged = { items: Row[]; total: number };

/**
 * Decision 038: a Denied subscription is shown to lan administrators and to the person
 * denied, and to nobody else, on every read that lists subscribers, also when the answer
 * was kept for someone who may see more.
 */
describe.each(testEngines)('who sees Denied subscribers on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);
  const { admin, setStatus } = api;
  let systemAdmin: SignedIn;
  let memberAdmin: SignedIn;
  let bystander: SignedIn;
  let denied: SignedIn;
  let otherDenied: SignedIn;
  let accepted: SignedIn;
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
  const nicknamesOf = (rows: readonly Row[]) => rows.map((row) => row.user.nickname).sort();

  /** The nicknames each read shows `who`: the lan, the list of lans, the paged subscribers. */
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
      lan: nicknamesOf(lan.json().subscribers),
      list: nicknamesOf(inList?.subscribers ?? []),
      page: nicknamesOf(paged.items),
      total: paged.total,
    };
  }

  const everyone = () => ['accepted', 'denied', 'other denied'];
  const without = (...names: string[]) => everyone().filter((name) => !names.includes(name));
  const seen = (names: string[]) => ({ lan: names, list: names, page: names, total: names.length });

  beforeAll(async () => {
    // Named, without an e-mail address: the reads below compare nicknames.
    const as = (roles: Role[], nickname: string) => api.person({ roles, nickname, mail: 'none' });
    systemAdmin = await as(['SystemAdministrator'], 'system admin');
    memberAdmin = await as(['MemberAdministrator'], 'member admin');
    bystander = await as(['Lanner'], 'bystander');
    denied = await as(['Lanner'], 'denied');
    otherDenied = await as(['Lanner'], 'other denied');
    accepted = await as(['Lanner'], 'accepted');
    lanId = (await api.createLan()).id;
    await setStatus((await subscribe(accepted)).id, 'accepted');
    await setStatus((await subscribe(denied)).id, 'denied');
    await setStatus((await subscribe(otherDenied)).id, 'denied');
  });

  it('leaves every Denied subscriber out for visitors, other lanners and member administrators', async () => {
    // The first read of all, anonymous: what is kept first is the answer for everyone.
    expect(await shownTo(undefined)).toEqual(seen(without('denied', 'other denied')));
    expect(await shownTo(bystander)).toEqual(seen(without('denied', 'other denied')));
    expect(await shownTo(memberAdmin)).toEqual(seen(without('denied', 'other denied')));
  });

  it('shows lan administrators every Denied subscriber', async () => {
    expect(await shownTo(admin)).toEqual(seen(everyone()));
    expect(await shownTo(systemAdmin)).toEqual(seen(everyone()));
  });

  it('shows the person denied their own subscription and nobody else’s', async () => {
    expect(await shownTo(denied)).toEqual(seen(without('other denied')));
    expect(await shownTo(otherDenied)).toEqual(seen(without('denied')));
  });

  it('never hands an answer kept for an administrator to anyone else', async () => {
    // The administrator's answers are kept now (the test before); everyone else's read after.
    await shownTo(admin);
    expect(await shownTo(bystander)).toEqual(seen(without('denied', 'other denied')));
    expect(await shownTo(undefined)).toEqual(seen(without('denied', 'other denied')));
    expect(await shownTo(denied)).toEqual(seen(without('other denied')));
  });

  it('follows a change of status: a Denied subscriber accepted again is shown to all', async () => {
    const page = (await get(admin, `/api/lans/${lanId}/subscribers`)).json() as Paged;
    const row = page.items.find((one) => one.user.id === otherDenied.user.id);
    await setStatus(row?.id ?? 0, 'pending');
    expect(await shownTo(bystander)).toEqual(seen(without('denied')));
    await setStatus(row?.id ?? 0, 'denied');
    expect(await shownTo(bystander)).toEqual(seen(without('denied', 'other denied')));
  });

  it('pages and counts what the viewer is shown', async () => {
    const first = (await get(bystander, `/api/lans/${lanId}/subscribers?limit=1`)).json() as Paged;
    expect(first.total).toBe(1);
    expect(nicknamesOf(first.items)).toEqual(['accepted']);
    const second = (await get(bystander, `/api/lans/${lanId}/subscribers?limit=1&offset=1`)).json();
    expect(second.items).toEqual([]);
    const own = (await get(denied, `/api/lans/${lanId}/subscribers?limit=1&offset=1`)).json();
    expect(nicknamesOf(own.items)).toEqual(['denied']);
    expect(own.total).toBe(2);
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
