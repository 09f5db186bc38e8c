import { formatCheckInCode } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const callers = everyCaller;

describe.each(testEngines)('door check-ins on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, { callers });

  const { checkIn, ticket } = api;

  const presentCount = async (lanId: number) => (await api.participantsOf(lanId)).totals.present;

  it('checks a Paid ticket in once; again answers alreadyPresent', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 25 });
    const { who, id, code } = await ticket(lan.id, 'paid');
    expect((await api.ownCodes(who, id)).checkInCode).toBe(code);
    const first = await checkIn(lan.id, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      alreadyPresent: false,
      subscriber: expect.objectContaining({
        subscriberId: id,
        userId: who.user.id,
        nickname: who.user.nickname,
        status: 'Paid',
        present: true,
        amountDue: 30,
        checkInCode: code,
      }),
    });
    const again = await checkIn(lan.id, { code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      alreadyPresent: true,
      subscriber: { subscriberId: id, status: 'Paid', present: true },
    });
    expect(await presentCount(lan.id)).toBe(1);
  });

  it('records when and by whom a ticket was first checked in, and answers it on a second scan', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const before = Date.now();
    const first = await checkIn(lan.id, { code });
    const after = Date.now();
    const { checkedInAt, checkedInBy } = first.json().subscriber;
    expect(checkedInBy).toBe(api.admin.user.nickname);
    // On the community's clocks (Europe/Amsterdam: +01:00 or +02:00), the same instant.
    expect(checkedInAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0[12]:00$/);
    expect(Date.parse(checkedInAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(checkedInAt)).toBeLessThanOrEqual(after);

    // A forwarded ticket at another door, under another administrator: the first check-in.
    const otherAdmin = await api.person({ roles: ['LanAdministrator'], nickname: `door2p${id}` });
    const again = await checkIn(lan.id, { code }, otherAdmin);
    expect(again.json()).toMatchObject({
      alreadyPresent: true,
      subscriber: { subscriberId: id, checkedInAt, checkedInBy: api.admin.user.nickname },
    });
    expect(await api.participantOf(lan.id, id)).toMatchObject({
      checkedInAt,
      checkedInBy: api.admin.user.nickname,
    });
  });

  it('records who paid and checked in at the door in one step', async () => {
    const lan = await api.createLan();
    const { code } = await ticket(lan.id, 'accepted');
    const paid = await checkIn(lan.id, { code, paid: true });
    expect(paid.json().subscriber).toMatchObject({
      checkedInBy: api.admin.user.nickname,
      checkedInAt: expect.any(String),
    });
  });

  it('records a presence marked by hand as a check-in, and forgets it with the presence', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const participant = () => api.participantOf(lan.id, id);

    expect(await participant()).toMatchObject({ checkedInAt: null, checkedInBy: null });
    await api.request(api.admin, 'PUT', `/api/subscribers/${id}/present:true`);
    const marked = await participant();
    expect(marked).toMatchObject({ checkedInBy: api.admin.user.nickname });
    // Marked present again: the first time stays.
    await api.request(api.admin, 'PUT', `/api/subscribers/${id}/present:true`);
    expect(await participant()).toEqual(marked);
    expect((await checkIn(lan.id, { code })).json()).toMatchObject({
      alreadyPresent: true,
      subscriber: { checkedInAt: marked?.checkedInAt },
    });

    await api.request(api.admin, 'PUT', `/api/subscribers/${id}/present:false`);
    expect(await participant()).toMatchObject({ checkedInAt: null, checkedInBy: null });
    expect((await checkIn(lan.id, { code })).json()).toMatchObject({ alreadyPresent: false });
    // No longer Paid: no presence, and no check-in either.
    await api.setStatus(id, 'accepted');
    expect(await participant()).toMatchObject({
      present: null,
      checkedInAt: null,
      checkedInBy: null,
    });
  });

  it('checks in a ticket marked absent before', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    await api.request(api.admin, 'PUT', `/api/subscribers/${id}/present:false`);
    const response = await checkIn(lan.id, { code });
    expect(response.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { present: true },
    });
  });

  it('checks one ticket in once when two doors scan it at the same time', async () => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const responses = await Promise.all([checkIn(lan.id, { code }), checkIn(lan.id, { code })]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const already = responses.map((response) => response.json().alreadyPresent).sort();
    expect(already).toEqual([false, true]);
    for (const response of responses)
      expect(response.json().subscriber).toMatchObject({ subscriberId: id, present: true });
    expect(await presentCount(lan.id)).toBe(1);
  });

  it('refuses an Accepted ticket that has not paid with what is due, then takes the money', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 22.5 });
    const { who, id, code } = await ticket(lan.id, 'accepted', { roles: ['Lanner', 'Member'] });
    const mark = await api.outboxMark();
    const refused = await checkIn(lan.id, { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      status: 409,
      amountDue: 22.5,
      nickname: who.user.nickname,
      subscriberId: id,
      detail: `${who.user.nickname} has not paid yet: €22.50 due.`,
    });
    expect(await api.storedStatuses([id])).toEqual(['Accepted']);
    expect(await presentCount(lan.id)).toBe(0);

    const paid = await checkIn(lan.id, { code, paid: true });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { subscriberId: id, status: 'Paid', present: true, amountDue: 22.5 },
    });
    expect(await api.storedStatuses([id])).toEqual(['Paid']);
    // Accepted → Paid is no new acceptance: nothing for the chat; the lanner gets a receipt.
    expect(
      (await api.queuedSince(mark)).map(({ channel, payload }) => [channel, payload.subject]),
    ).toEqual([['email', 'Receipt: you have paid for Winter lan']]);
    const again = await checkIn(lan.id, { code, paid: true });
    expect(again.json()).toMatchObject({ alreadyPresent: true, subscriber: { status: 'Paid' } });
  });

  it('lets an Accepted lanner of a free lan in as Paid: there is nothing to take', async () => {
    const lan = await api.createLan({ price: 0, membersPrice: 0 });
    const { id, code } = await ticket(lan.id, 'accepted');
    const response = await checkIn(lan.id, { code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { subscriberId: id, status: 'Paid', present: true, amountDue: 0 },
    });
  });

  it('keeps paid: false an unpaid refusal', async () => {
    const lan = await api.createLan();
    const { code } = await ticket(lan.id, 'accepted');
    const refused = await checkIn(lan.id, { code, paid: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().amountDue).toBe(30);
  });

  it.each([
    ['Pending', undefined, 'still pending'],
    ['Denied', 'denied', 'denied'],
  ] as const)('refuses a %s ticket with 409', async (_name, status, words) => {
    const lan = await api.createLan();
    const { who, id, code } = await ticket(lan.id, status);
    for (const body of [{ code }, { code, paid: true }]) {
      const refused = await checkIn(lan.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain(who.user.nickname);
      expect(refused.json().detail).toContain(words);
      expect(refused.json()).not.toHaveProperty('amountDue');
    }
    expect(await api.storedStatuses([id])).toEqual([status === 'denied' ? 'Denied' : 'Pending']);
    expect(await presentCount(lan.id)).toBe(0);
  });

  it('refuses another lan’s ticket with 409, naming that lan', async () => {
    const lan = await api.createLan({ name: 'This lan' });
    const other = await api.createLan({ name: 'That lan' });
    const { id, code } = await ticket(other.id, 'paid');
    const refused = await checkIn(lan.id, { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/another lan: That lan\.$/);
    expect(await api.storedPresence(id)).toBeNull();
  });

  it('answers 404 for an unknown code and for a withdrawn subscription’s code', async () => {
    const lan = await api.createLan();
    const unknown = await checkIn(lan.id, { code: '0'.repeat(26) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/^No ticket has this code/);

    const { who, id, code } = await ticket(lan.id, 'accepted');
    expect((await api.request(who, 'DELETE', `/api/subscribers/${id}`)).statusCode).toBe(204);
    expect((await checkIn(lan.id, { code })).statusCode).toBe(404);
    expect((await checkIn(lan.id, { code, paid: true })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown lan', async () => {
    const lan = await api.createLan();
    const { code } = await ticket(lan.id, 'paid');
    const response = await checkIn(999999, { code });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('There is no lan 999999.');
  });

  it.each([
    ['lower case', (code: string) => code.toLowerCase()],
    ['in groups with dashes', (code: string) => formatCheckInCode(code)],
    [
      'in groups with spaces',
      (code: string) => ` ${formatCheckInCode(code).replaceAll('-', ' ')} `,
    ],
    ['as a ticket URL', (code: string) => `http://x/admin/lans/1/check-in#code=${code}`],
    [
      'as a ticket URL, lower case with dashes',
      (code: string) =>
        `https://lan.example/admin/lans/7/check-in#code=${formatCheckInCode(code).toLowerCase()}`,
    ],
    ['as a query', (code: string) => `https://lan.example/check-in?code=${code}&x=1`],
  ])('reads a code %s', async (_name, write) => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const response = await checkIn(lan.id, { code: write(code) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { subscriberId: id, present: true },
    });
  });

  it.each(callers)('POST check-ins as %s', async (caller) => {
    const lan = await api.createLan();
    const { id, code } = await ticket(lan.id, 'paid');
    const response = await checkIn(lan.id, { code }, as[caller] ?? null);
    const wanted =
      caller === 'anonymous'
        ? 401
        : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
          ? 200
          : 403;
    expect(response.statusCode).toBe(wanted);
    if (wanted !== 200) {
      expect(response.body).not.toContain(code);
      expect(await api.storedPresence(id)).toBeNull();
    }
  });

  it('refuses a lanner checking in their own ticket with 403', async () => {
    const lan = await api.createLan();
    const { who, code } = await ticket(lan.id, 'paid');
    const response = await checkIn(lan.id, { code }, who);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{}, 'code'],
    [{ code: '' }, 'code'],
    [{ code: '   ' }, 'code'],
    [{ code: 'x'.repeat(501) }, 'code'],
    [{ code: 42 }, 'code'],
    [{ code: null }, 'code'],
    [{ code: 'ABCD', paid: 'yes' }, 'paid'],
  ])('refuses the body %j with a 400 naming %s', async (body, field) => {
    const lan = await api.createLan();
    const response = await checkIn(lan.id, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 400 for a lan id that is not one', async () => {
    const response = await api.request(api.admin, 'POST', '/api/lans/abc/check-ins', {
      code: 'ABCD',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['id']);
  });
});
