import { createHash } from 'node:crypto';
import type { DoorList } from '@lanparty/contract';
import { formatCheckInCode } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const minutes = (count: number) => count * 60_000;

/** The door when the hall's internet fails (issue 53): its list, and scans synced later. */
describe.each(testEngines)('the offline door on %s', (engine) => {
  const { api, call, site } = setUpOrganiserSite(engine, {
    callers: ['anonymous', 'Lanner', 'Member', 'LanAdministrator'],
  });
  const { checkIn, ticket } = api;
  const doorList = (lanId: number, who = api.admin) =>
    api.request(who, 'GET', `/api/lans/${lanId}/door-list`);
  const stored = async (subscriberId: number) =>
    site.db
      .selectFrom('subscribers')
      .select(['present', 'checked_in_at', 'checked_in_by_user_id'])
      .where('id', '=', subscriberId)
      .executeTakeFirstOrThrow();
  const storedAt = async (subscriberId: number) => {
    const row = await stored(subscriberId);
    return row.checked_in_at === null ? null : new Date(row.checked_in_at).getTime();
  };
  const secondDoor = () => api.person({ roles: ['LanAdministrator'] });

  it('lists every ticket of the lan with its codes only as hashes', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 25 });
    const paid = await ticket(lan.id, 'paid');
    const accepted = await ticket(lan.id, 'accepted');
    const denied = await ticket(lan.id, 'denied');
    const pending = await ticket(lan.id);
    await checkIn(lan.id, { code: paid.code });
    const other = await api.createLan();
    await ticket(other.id, 'paid');

    const response = await doorList(lan.id);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as DoorList;
    expect(Date.parse(list.asOf)).toBeGreaterThan(Date.now() - minutes(1));
    const byId = new Map(list.tickets.map((entry) => [entry.subscriberId, entry]));
    expect([...byId.keys()].sort()).toEqual([paid.id, accepted.id, denied.id, pending.id].sort());
    const { shortCode } = await api.ownCodes(paid.who, paid.id);
    expect(byId.get(paid.id)).toEqual({
      subscriberId: paid.id,
      nickname: paid.who.user.nickname,
      status: 'Paid',
      amountDue: 0,
      seat: null,
      checkedInAt: expect.any(String),
      codeHash: sha256(paid.code),
      shortCodeHash: sha256(shortCode ?? 'none'),
    });
    expect(byId.get(accepted.id)).toMatchObject({ status: 'Accepted', amountDue: 30 });
    expect(byId.get(accepted.id)?.checkedInAt).toBeNull();
    expect(byId.get(denied.id)).toMatchObject({ status: 'Denied', codeHash: sha256(denied.code) });
    // Nothing a lost phone could check a ticket in with.
    for (const { code } of [paid, accepted, denied, pending])
      expect(response.body).not.toContain(code);
    expect(response.body).not.toContain(shortCode);
  });

  it('lets only lan administrators read a door list', async () => {
    const lan = await api.createLan();
    expect((await call('anonymous', 'GET', `/api/lans/${lan.id}/door-list`)).statusCode).toBe(401);
    expect((await call('Lanner', 'GET', `/api/lans/${lan.id}/door-list`)).statusCode).toBe(403);
    expect((await call('Member', 'GET', `/api/lans/${lan.id}/door-list`)).statusCode).toBe(403);
    expect((await call('LanAdministrator', 'GET', '/api/lans/999999/door-list')).statusCode).toBe(
      404,
    );
  });

  it('checks a scan in at the time the door made it', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const scannedAt = new Date(Date.now() - minutes(30));
    const response = await checkIn(lan.id, { code, scannedAt: scannedAt.toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().alreadyPresent).toBe(false);
    expect(Date.parse(response.json().subscriber.checkedInAt)).toBe(scannedAt.getTime());
    expect(await storedAt(id)).toBe(scannedAt.getTime());
  });

  it('refuses a scan time in the future beyond 2 minutes or older than a day, checking in nothing', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    for (const [at, words] of [
      [Date.now() + minutes(3), 'future'],
      [Date.now() - minutes(24 * 60 + 1), '24 hours'],
    ] as const) {
      const response = await checkIn(lan.id, { code, scannedAt: new Date(at).toISOString() });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.scannedAt[0]).toContain(words);
    }
    const notATime = await checkIn(lan.id, { code, scannedAt: 'yesterday evening' });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json().errors).toHaveProperty('scannedAt');
    expect((await stored(id)).present).toBeNull();
    // A door clock a minute ahead is skew, not the future.
    const ahead = new Date(Date.now() + minutes(1)).toISOString();
    expect((await checkIn(lan.id, { code, scannedAt: ahead })).statusCode).toBe(200);
  });

  it('keeps the earliest of two doors’ scans, whichever syncs first', async () => {
    const lan = await api.createLan();
    const door2 = await secondDoor();
    const early = new Date(Date.now() - minutes(50)).toISOString();
    const late = new Date(Date.now() - minutes(40)).toISOString();

    // The earlier scan syncs first: the later one hears who was first.
    const first = await ticket(lan.id, 'paid');
    await checkIn(lan.id, { code: first.code, scannedAt: early });
    const second = await checkIn(lan.id, { code: first.code, scannedAt: late }, door2);
    expect(second.json()).toMatchObject({
      alreadyPresent: true,
      subscriber: { checkedInBy: api.admin.user.nickname },
    });
    expect(Date.parse(second.json().subscriber.checkedInAt)).toBe(Date.parse(early));

    // The later scan syncs first: the earlier takes its place and hears of the later one.
    const other = await ticket(lan.id, 'paid');
    await checkIn(lan.id, { code: other.code, scannedAt: late }, door2);
    const earlier = await checkIn(lan.id, { code: other.code, scannedAt: early });
    expect(earlier.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { checkedInBy: api.admin.user.nickname },
      laterScan: { checkedInBy: door2.user.nickname },
    });
    expect(Date.parse(earlier.json().laterScan.checkedInAt)).toBe(Date.parse(late));
    expect(await stored(other.id)).toMatchObject({ checked_in_by_user_id: api.admin.user.id });
    expect(await storedAt(other.id)).toBe(Date.parse(early));
  });

  it('changes nothing when a door syncs the same scan again', async () => {
    const lan = await api.createLan({ price: 20, membersPrice: 20 });
    const { id, code } = await ticket(lan.id, 'accepted');
    const scannedAt = new Date(Date.now() - minutes(5)).toISOString();
    const first = await checkIn(lan.id, { code, paid: true, scannedAt });
    expect(first.json()).toMatchObject({ alreadyPresent: false, subscriber: { status: 'Paid' } });
    const mark = await api.outboxMark();
    const retry = await checkIn(lan.id, { code, paid: true, scannedAt });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // No second receipt for the one payment.
    expect(await api.queuedSince(mark)).toEqual([]);
    expect(await storedAt(id)).toBe(Date.parse(scannedAt));
  });

  it('reads a short code and a scanned address with a scan time too', async () => {
    const lan = await api.createLan();
    const { who, id, code } = await ticket(lan.id, 'paid');
    const { shortCode } = await api.ownCodes(who, id);
    const scannedAt = new Date(Date.now() - minutes(2)).toISOString();
    const response = await checkIn(lan.id, {
      code: formatCheckInCode(shortCode ?? ''),
      scannedAt,
    });
    expect(response.json().alreadyPresent).toBe(false);
    const again = await checkIn(lan.id, {
      code: `https://lan.example/ticket#code=${code}`,
      scannedAt,
    });
    expect(again.json().alreadyPresent).toBe(false);
  });

  it('loses no scan and doubles none when two offline doors sync at once', async () => {
    const lan = await api.createLan({ maximumSubcribers: 100 });
    const door2 = await secondDoor();
    const tickets: Array<Awaited<ReturnType<typeof ticket>>> = [];
    for (let index = 0; index < 40; index += 1) tickets.push(await ticket(lan.id, 'paid'));
    const start = Date.now() - minutes(60);
    // Door 1 scans tickets 0–29, door 2 tickets 10–39; of the 20 both scanned, door 2 was
    // first at every other one. Both queues sync together, each in its order.
    const door1Scans = tickets.slice(0, 30).map((entry, index) => ({
      code: entry.code,
      scannedAt: new Date(start + index * 60_000 + (index >= 10 && index % 2 ? 30_000 : 0)),
    }));
    const door2Scans = tickets.slice(10).map((entry, index) => ({
      code: entry.code,
      scannedAt: new Date(start + (index + 10) * 60_000 + 15_000),
    }));
    const sync = async (who: typeof door2 | undefined, scans: typeof door1Scans) => {
      const answers = [];
      for (const scan of scans) {
        const body = { code: scan.code, scannedAt: scan.scannedAt.toISOString() };
        answers.push(await checkIn(lan.id, body, who));
      }
      return answers;
    };
    const [answers1, answers2] = await Promise.all([
      sync(undefined, door1Scans),
      sync(door2, door2Scans),
    ]);
    expect([...answers1, ...answers2].every((answer) => answer.statusCode === 200)).toBe(true);

    const earliest = new Map<number, { at: number; by: number }>();
    const note = (scans: typeof door1Scans, by: number) => {
      for (const scan of scans) {
        const id = tickets.find((entry) => entry.code === scan.code)?.id ?? 0;
        const was = earliest.get(id);
        if (!was || scan.scannedAt.getTime() < was.at)
          earliest.set(id, { at: scan.scannedAt.getTime(), by });
      }
    };
    note(door1Scans, api.admin.user.id);
    note(door2Scans, door2.user.id);
    for (const entry of tickets) {
      const row = await stored(entry.id);
      expect(row.checked_in_by_user_id).toBe(earliest.get(entry.id)?.by);
      expect(await storedAt(entry.id)).toBe(earliest.get(entry.id)?.at);
    }
    expect((await api.participantsOf(lan.id)).totals.present).toBe(40);

    // Both phones sync again (a lost answer): nothing moves.
    await Promise.all([sync(undefined, door1Scans), sync(door2, door2Scans)]);
    for (const entry of tickets) expect(await storedAt(entry.id)).toBe(earliest.get(entry.id)?.at);
  });
});
