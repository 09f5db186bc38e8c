import type { Participant } from '@lanparty/contract';
import type { CsvSeparator } from '@lanparty/contract/rules';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { formatCsvTime } from '../../lib/csv.ts';
import { participantCsvHeaders } from './participants-csv.ts';

const callers = everyCaller;
const wantedStatus = (caller: Caller) =>
  caller === 'anonymous'
    ? 401
    : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
      ? 200
      : 403;

/**
 * The door's fields of a participant, which the door's own tests check (short-codes,
 * check-ins), and the seat, which the seating tests check.
 */
const doorFields = ['shortCode', 'checkedInAt', 'checkedInBy', 'seat'];
const withoutDoorFields = (participant: Participant) =>
  Object.fromEntries(Object.entries(participant).filter(([name]) => !doorFields.includes(name)));

/** A cell a spreadsheet would run as a formula. */
const activeCell = /^[=+\-@\t\r]/;

describe.each(testEngines)('the participants of a lan on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, { callers });

  const { participantsOf, participantOf } = api;
  const subscribeAs = async (
    lanId: number,
    who: Person,
    status?: 'accepted' | 'paid' | 'denied',
    waitlist?: boolean,
  ) => {
    const subscriber = (await api.subscribe(lanId, who, waitlist)) as {
      id: number;
      creationDate?: string;
    };
    if (status) await api.setStatus(subscriber.id, status);
    return { id: subscriber.id, subscribedOn: subscriber.creationDate as string };
  };

  describe('GET /api/lans/{id}/participants', () => {
    it('lists every subscription with what the organiser needs, and the totals', async () => {
      const lan = await api.createLan({ maximumSubcribers: 3, price: 30, membersPrice: 25 });
      const adaPaid = await api.person({
        roles: ['Lanner', 'Member'],
        nickname: 'ada',
        firstName: 'Ada',
        surname: 'Lovelace',
      });
      const bobAccepted = await api.person({ nickname: 'Bob', mail: 'unverified' });
      const cyPaid = await api.person({
        roles: ['Lanner', 'Member'],
        nickname: 'cy',
        mail: 'none',
      });
      const dezDenied = await api.person({ nickname: 'dez' });
      const eveWaiting = await api.person({ nickname: 'eve' });
      const finWaiting = await api.person({ nickname: 'Fin' });

      const ada = await subscribeAs(lan.id, adaPaid, 'paid');
      const bob = await subscribeAs(lan.id, bobAccepted, 'accepted');
      const dez = await subscribeAs(lan.id, dezDenied, 'denied');
      const cy = await subscribeAs(lan.id, cyPaid, 'paid');
      const fin = await subscribeAs(lan.id, finWaiting, undefined, true);
      const eve = await subscribeAs(lan.id, eveWaiting, undefined, true);
      const present = await api.request(
        api.admin,
        'PUT',
        `/api/subscribers/${ada.id}/present:true`,
      );
      expect(present.statusCode).toBe(200);
      await api.request(api.admin, 'PUT', `/api/subscribers/${cy.id}/present:false`);

      const list = await participantsOf(lan.id);
      const code = (id: number) => api.storedCode(id);
      expect(list.participants.map(withoutDoorFields)).toEqual([
        {
          subscriberId: ada.id,
          userId: adaPaid.user.id,
          nickname: 'ada',
          firstName: 'Ada',
          surname: 'Lovelace',
          email: adaPaid.email,
          emailVerified: true,
          isMember: true,
          status: 'Paid',
          waitlistPosition: null,
          amountDue: 25,
          amountPaid: 25,
          amountOutstanding: 0,
          present: true,
          subscribedOn: ada.subscribedOn,
          checkInCode: await code(ada.id),
        },
        {
          subscriberId: cy.id,
          userId: cyPaid.user.id,
          nickname: 'cy',
          firstName: null,
          surname: null,
          email: null,
          emailVerified: false,
          isMember: true,
          status: 'Paid',
          waitlistPosition: null,
          amountDue: 25,
          amountPaid: 25,
          amountOutstanding: 0,
          present: false,
          subscribedOn: cy.subscribedOn,
          checkInCode: await code(cy.id),
        },
        {
          subscriberId: bob.id,
          userId: bobAccepted.user.id,
          nickname: 'Bob',
          firstName: null,
          surname: null,
          email: bobAccepted.email,
          emailVerified: false,
          isMember: false,
          status: 'Accepted',
          waitlistPosition: null,
          amountDue: 30,
          amountPaid: 0,
          amountOutstanding: 30,
          present: null,
          subscribedOn: bob.subscribedOn,
          checkInCode: await code(bob.id),
        },
        {
          subscriberId: eve.id,
          userId: eveWaiting.user.id,
          nickname: 'eve',
          firstName: null,
          surname: null,
          email: eveWaiting.email,
          emailVerified: true,
          isMember: false,
          status: 'Pending',
          // Fin joined the waitlist first; the table orders by nickname.
          waitlistPosition: 2,
          amountDue: null,
          amountPaid: null,
          amountOutstanding: null,
          present: null,
          subscribedOn: eve.subscribedOn,
          checkInCode: null,
        },
        {
          subscriberId: fin.id,
          userId: finWaiting.user.id,
          nickname: 'Fin',
          firstName: null,
          surname: null,
          email: finWaiting.email,
          emailVerified: true,
          isMember: false,
          status: 'Pending',
          waitlistPosition: 1,
          amountDue: null,
          amountPaid: null,
          amountOutstanding: null,
          present: null,
          subscribedOn: fin.subscribedOn,
          checkInCode: null,
        },
        {
          subscriberId: dez.id,
          userId: dezDenied.user.id,
          nickname: 'dez',
          firstName: null,
          surname: null,
          email: dezDenied.email,
          emailVerified: true,
          isMember: false,
          status: 'Denied',
          waitlistPosition: null,
          amountDue: null,
          amountPaid: null,
          amountOutstanding: null,
          present: null,
          subscribedOn: dez.subscribedOn,
          checkInCode: null,
        },
      ]);
      expect(list.totals).toEqual({
        expected: 80,
        received: 50,
        outstanding: 30,
        pending: 2,
        accepted: 1,
        paid: 2,
        denied: 1,
        waitlist: 2,
        present: 1,
      });
    });

    it('has zero totals and no rows for a lan without subscribers', async () => {
      const lan = await api.createLan({ isActive: false });
      expect(await participantsOf(lan.id)).toEqual({
        participants: [],
        totals: {
          expected: 0,
          received: 0,
          outstanding: 0,
          pending: 0,
          accepted: 0,
          paid: 0,
          denied: 0,
          waitlist: 0,
          present: 0,
        },
      });
    });

    it('counts Pending ones of a lan that is not full as pending, not as a waitlist', async () => {
      const lan = await api.createLan({ maximumSubcribers: 5 });
      await subscribeAs(lan.id, await api.person());
      await subscribeAs(lan.id, await api.person(), 'accepted');
      expect((await participantsOf(lan.id)).totals).toMatchObject({
        pending: 1,
        accepted: 1,
        waitlist: 0,
        expected: 30,
        received: 0,
        outstanding: 30,
      });
    });

    it('keeps what each one owes when the prices or their roles change afterwards', async () => {
      const lan = await api.createLan({ maximumSubcribers: 10, price: 30, membersPrice: 25 });
      const plain = await api.person();
      const member = await api.person({ roles: ['Lanner', 'Member'] });
      const plainPlace = await subscribeAs(lan.id, plain, 'accepted');
      const memberPlace = await subscribeAs(lan.id, member, 'paid');
      const owed = async () => ({
        plain: await participantOf(lan.id, plainPlace.id),
        member: await participantOf(lan.id, memberPlace.id),
        totals: (await participantsOf(lan.id)).totals,
      });
      expect(await owed()).toMatchObject({
        plain: { amountDue: 30, amountPaid: 0, amountOutstanding: 30, isMember: false },
        member: { amountDue: 25, amountPaid: 25, amountOutstanding: 0, isMember: true },
        totals: { expected: 55, received: 25, outstanding: 30 },
      });

      const repriced = await api.updateLan(lan.id, { price: 40.5, membersPrice: 35 });
      expect(repriced.statusCode).toBe(200);
      expect(repriced.json()).toMatchObject({ price: 40.5, membersPrice: 35 });
      expect(await owed()).toMatchObject({
        plain: { amountDue: 30 },
        member: { amountDue: 25 },
        totals: { expected: 55, received: 25, outstanding: 30 },
      });

      const setRoles = (who: Person, roles: string[]) =>
        api.request(as.MemberAdministrator, 'PUT', `/api/users/${who.user.id}`, { roles });
      expect((await setRoles(plain, ['Lanner', 'Member'])).statusCode).toBe(200);
      expect((await setRoles(member, ['Lanner'])).statusCode).toBe(200);
      expect(await owed()).toMatchObject({
        plain: { amountDue: 30, isMember: true },
        member: { amountDue: 25, isMember: false },
        totals: { expected: 55, received: 25, outstanding: 30 },
      });

      // Paying keeps the amount fixed at acceptance, though a Member now.
      await api.setStatus(plainPlace.id, 'paid');
      expect(await owed()).toMatchObject({
        plain: { amountDue: 30, amountPaid: 30, amountOutstanding: 0, status: 'Paid' },
        totals: { expected: 55, received: 55, outstanding: 0 },
      });

      // Newly accepted ones owe today's prices for what they are today.
      const late = await subscribeAs(lan.id, await api.person(), 'accepted');
      const lateMember = await subscribeAs(
        lan.id,
        await api.person({ roles: ['Lanner', 'Member'] }),
        'accepted',
      );
      expect((await participantOf(lan.id, late.id)).amountDue).toBe(40.5);
      expect((await participantOf(lan.id, lateMember.id)).amountDue).toBe(35);
      expect((await participantsOf(lan.id)).totals).toMatchObject({
        expected: 130.5,
        received: 55,
        outstanding: 75.5,
      });
    });

    it('forgets the amount when the place is left, and fixes it again on a new acceptance', async () => {
      const lan = await api.createLan({ price: 30, membersPrice: 25 });
      const who = await api.person();
      const place = await subscribeAs(lan.id, who, 'accepted');
      await api.setStatus(place.id, 'pending');
      expect(await participantOf(lan.id, place.id)).toMatchObject({
        status: 'Pending',
        amountDue: null,
        checkInCode: null,
      });
      expect((await api.updateLan(lan.id, { price: 50, membersPrice: 45 })).statusCode).toBe(200);
      await api.setStatus(place.id, 'paid');
      expect((await participantOf(lan.id, place.id)).amountDue).toBe(50);
    });

    it('keeps owed, paid and outstanding apart through a payment and its correction', async () => {
      const lan = await api.createLan({ maximumSubcribers: 5, price: 27.5, membersPrice: 20 });
      const place = await subscribeAs(lan.id, await api.person());
      const money = async () => {
        const { amountDue, amountPaid, amountOutstanding } = await participantOf(lan.id, place.id);
        return { amountDue, amountPaid, amountOutstanding };
      };
      expect(await money()).toEqual({ amountDue: null, amountPaid: null, amountOutstanding: null });
      await api.setStatus(place.id, 'accepted');
      expect(await money()).toEqual({ amountDue: 27.5, amountPaid: 0, amountOutstanding: 27.5 });
      await api.setStatus(place.id, 'paid');
      expect(await money()).toEqual({ amountDue: 27.5, amountPaid: 27.5, amountOutstanding: 0 });
      // Marked Paid by mistake: back to Accepted, it is outstanding again.
      await api.setStatus(place.id, 'accepted');
      expect(await money()).toEqual({ amountDue: 27.5, amountPaid: 0, amountOutstanding: 27.5 });
      expect((await participantsOf(lan.id)).totals).toMatchObject({
        expected: 27.5,
        received: 0,
        outstanding: 27.5,
      });
    });
  });

  describe('who may see them', () => {
    it.each(callers)('GET participants and participants.csv as %s', async (caller) => {
      const lan = await api.createLan();
      for (const url of [
        `/api/lans/${lan.id}/participants`,
        `/api/lans/${lan.id}/participants.csv`,
      ]) {
        const response = await api.request(as[caller], 'GET', url);
        expect(response.statusCode, url).toBe(wantedStatus(caller));
        if (response.statusCode !== 200) {
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(response.body).not.toContain('subscriberId');
        }
      }
    });

    it('answers 404 for an unknown lan and 400 for an id that is not one', async () => {
      for (const suffix of ['participants', 'participants.csv']) {
        const unknown = await api.request(api.admin, 'GET', `/api/lans/999999/${suffix}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().detail).toBe('There is no lan 999999.');
        for (const id of ['abc', '0', '1.5', '-1']) {
          const bad = await api.request(api.admin, 'GET', `/api/lans/${id}/${suffix}`);
          expect(bad.statusCode, `${id}/${suffix}`).toBe(400);
          expect(Object.keys(bad.json().errors ?? {}), `${id}/${suffix}`).toEqual(['id']);
        }
      }
    });
  });

  describe('GET /api/lans/{id}/participants.csv', () => {
    const hostile = {
      formula: '=HYPERLINK("http://evil","x")',
      sum: '@SUM(1+1)',
      plus: '+1',
      minus: '-2',
      tab: '\tTabbed',
      carriageReturn: '\rReturned',
      quotes: 'Say "hi"',
      commas: 'one, two,three',
      newlines: 'Line one\nline two\r\nline three',
      accents: 'Zoë Ångström',
      // Excel set to split on `;` (Dutch, German) starts a new cell after it.
      semicolon: 'a;=1+1',
      newlineFormula: 'x\n=1+1',
    };
    const zone = 'Europe/Amsterdam';
    const headersOf = (separator: CsvSeparator) =>
      participantCsvHeaders({ separator, timeZone: zone });
    const headers = headersOf('comma');
    const csvOf = async (lanId: number, query = '') => {
      const response = await api.request(
        api.admin,
        'GET',
        `/api/lans/${lanId}/participants.csv${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const parseCsv = (text: string, delimiter = ','): string[][] =>
      parse(text, { bom: true, delimiter, record_delimiter: '\r\n' });
    /** The rows after the header row, each by its header. */
    const recordsOf = (text: string, delimiter = ',') => {
      const [head = [], ...rows] = parseCsv(text, delimiter);
      return rows.map((row) => Object.fromEntries(head.map((name, i) => [name, row[i] ?? ''])));
    };

    it('round-trips hostile names through a CSV parser, every cell inert', async () => {
      const lan = await api.createLan({ name: 'Ünïcode "Lan"/..\\x', maximumSubcribers: 10 });
      const people = [
        await api.person({
          nickname: hostile.formula,
          firstName: hostile.sum,
          surname: hostile.plus,
        }),
        await api.person({
          nickname: hostile.minus,
          firstName: hostile.tab,
          surname: hostile.carriageReturn,
        }),
        await api.person({
          nickname: hostile.quotes,
          firstName: hostile.newlines,
          surname: hostile.accents,
        }),
        await api.person({
          nickname: hostile.commas,
          firstName: hostile.accents,
          surname: hostile.quotes,
          roles: ['Lanner', 'Member'],
        }),
        await api.person({ nickname: hostile.semicolon, firstName: hostile.newlineFormula }),
      ];
      const places = [
        await subscribeAs(lan.id, people[0] as Person, 'paid'),
        await subscribeAs(lan.id, people[1] as Person, 'accepted'),
        await subscribeAs(lan.id, people[2] as Person),
        await subscribeAs(lan.id, people[3] as Person, 'paid'),
        await subscribeAs(lan.id, people[4] as Person),
      ];
      await api.request(api.admin, 'PUT', `/api/subscribers/${places[0]?.id}/present:true`);

      const response = await csvOf(lan.id);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="participants-unicode-lan-x.csv"',
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = response.body;
      expect(text.startsWith(`\uFEFF${headers.join(',')}\r\n`)).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);

      const rows = parseCsv(text);
      expect(rows[0]).toEqual(headers);
      expect(rows).toHaveLength(6);
      for (const row of rows) {
        expect(row).toHaveLength(headers.length);
        for (const cell of row) {
          expect(cell, JSON.stringify(cell)).not.toMatch(activeCell);
          // Nor after a `;`, a comma or a line break, where another reader starts a cell.
          expect(cell, JSON.stringify(cell)).not.toMatch(/[;,\r\n][=+\-@\t\r]/);
        }
      }

      const records = recordsOf(text);
      const rowOf = (subscriberId: number) => {
        const row = records.find((record) => record['Subscriber ID'] === String(subscriberId));
        if (!row) throw new Error(`No row for ${subscriberId}`);
        return row;
      };
      // Formula starts get an apostrophe; everything else comes back as it was.
      expect(rowOf(places[0]?.id as number)).toMatchObject({
        Nickname: `'${hostile.formula}`,
        'First name': `'${hostile.sum}`,
        Surname: `'${hostile.plus}`,
        Status: 'Paid',
        'Amount due (€)': '30.00',
        'Paid (€)': '30.00',
        'Outstanding (€)': '0.00',
        Present: 'yes',
        Member: 'no',
      });
      expect(rowOf(places[1]?.id as number)).toMatchObject({
        Nickname: `'${hostile.minus}`,
        'First name': `'${hostile.tab}`,
        Surname: `'${hostile.carriageReturn}`,
        Status: 'Accepted',
        'Amount due (€)': '30.00',
        'Paid (€)': '0.00',
        'Outstanding (€)': '30.00',
        Present: '',
      });
      expect(rowOf(places[2]?.id as number)).toMatchObject({
        Nickname: hostile.quotes,
        'First name': hostile.newlines,
        Surname: hostile.accents,
        Status: 'Pending',
        'Amount due (€)': '',
        'Paid (€)': '',
        'Outstanding (€)': '',
        'Waitlist position': '',
        'Check-in code': '',
      });
      expect(rowOf(places[3]?.id as number)).toMatchObject({
        Nickname: hostile.commas,
        'First name': hostile.accents,
        Surname: hostile.quotes,
        Member: 'yes',
        'Amount due (€)': '25.00',
        'Paid (€)': '25.00',
      });
      expect(rowOf(places[4]?.id as number)).toMatchObject({
        Nickname: "a;'=1+1",
        'First name': "x\n'=1+1",
      });

      // The same rows as the JSON, in the same order, with the same values; times on the
      // community's clocks.
      const list = await participantsOf(lan.id);
      expect(records.map((record) => record['Subscriber ID'])).toEqual(
        list.participants.map((participant) => String(participant.subscriberId)),
      );
      for (const participant of list.participants) {
        expect(rowOf(participant.subscriberId)).toMatchObject({
          'User ID': String(participant.userId),
          'E-mail': participant.email ?? '',
          'E-mail verified': participant.emailVerified ? 'yes' : 'no',
          [`Subscribed on (${zone})`]: formatCsvTime(participant.subscribedOn, zone),
          'Check-in code': participant.checkInCode ?? '',
          'Waitlist position': '',
        });
      }
    });

    it('writes for a Dutch spreadsheet on separator=semicolon: ; between cells, a decimal comma', async () => {
      const lan = await api.createLan({ maximumSubcribers: 10, price: 27.5, membersPrice: 20 });
      const names = {
        nickname: 'semi;colon, "quoted"',
        firstName: 'Line one\nline two',
        surname: 'a,b;c',
      };
      const accepted = await subscribeAs(lan.id, await api.person(names), 'accepted');
      const member = await api.person({ roles: ['Lanner', 'Member'], nickname: 'member' });
      const paid = await subscribeAs(lan.id, member, 'paid');
      await api.request(api.admin, 'PUT', `/api/subscribers/${paid.id}/present:false`);

      const response = await csvOf(lan.id, '?separator=semicolon');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const text = response.body;
      expect(text.startsWith(`\uFEFF${headersOf('semicolon').join(';')}\r\n`)).toBe(true);
      const records = recordsOf(text, ';');
      expect(records).toHaveLength(2);
      for (const row of parseCsv(text, ';')) expect(row).toHaveLength(headers.length);
      const list = await participantsOf(lan.id);
      expect(records.map((record) => record['Subscriber ID'])).toEqual(
        list.participants.map((participant) => String(participant.subscriberId)),
      );
      const byId = (id: number) => records.find((record) => record['Subscriber ID'] === String(id));
      expect(byId(paid.id)).toMatchObject({
        Nickname: 'member',
        Member: 'yes',
        Status: 'Paid',
        'Amount due (€)': '20,00',
        'Paid (€)': '20,00',
        'Outstanding (€)': '0,00',
        Present: 'no',
      });
      expect(byId(accepted.id)).toMatchObject({
        Nickname: names.nickname,
        'First name': names.firstName,
        Surname: names.surname,
        Member: 'no',
        Status: 'Accepted',
        'Amount due (€)': '27,50',
        'Paid (€)': '0,00',
        'Outstanding (€)': '27,50',
        Present: '',
        [`Subscribed on (${zone})`]: formatCsvTime(accepted.subscribedOn, zone),
      });
      expect(byId(accepted.id)?.[`Subscribed on (${zone})`]).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      );

      // The comma dialect holds the same cells, with decimal points.
      const comma = recordsOf((await csvOf(lan.id, '?separator=comma')).body);
      expect(comma).toEqual(
        records.map((record) =>
          Object.fromEntries(
            Object.entries(record).map(([name, cell]) => [
              name,
              name.endsWith('(€)') ? cell.replace(',', '.') : cell,
            ]),
          ),
        ),
      );
      expect((await csvOf(lan.id)).body).toBe((await csvOf(lan.id, '?separator=comma')).body);
    });

    it.each(['tab', 'SEMICOLON', ';', ''])(
      'refuses separator=%j with a 400 problem naming the choices',
      async (separator) => {
        const lan = await api.createLan();
        const response = await api.request(
          api.admin,
          'GET',
          `/api/lans/${lan.id}/participants.csv?separator=${encodeURIComponent(separator)}`,
        );
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json().errors).toEqual({ separator: ['Must be comma or semicolon'] });
      },
    );

    it('writes a waitlist position, an empty list, and a file name from any lan name', async () => {
      const lan = await api.createLan({ name: '東京 ✨', maximumSubcribers: 1 });
      const empty = await csvOf(lan.id);
      expect(empty.headers['content-disposition']).toBe(
        `attachment; filename="participants-lan-${lan.id}.csv"`,
      );
      expect(empty.body).toBe(`\uFEFF${headers.join(',')}\r\n`);

      await subscribeAs(lan.id, await api.person(), 'accepted');
      const waiting = await subscribeAs(lan.id, await api.person(), undefined, true);
      const row = recordsOf((await csvOf(lan.id)).body).find(
        (record) => record['Subscriber ID'] === String(waiting.id),
      );
      expect(row).toMatchObject({ 'Waitlist position': '1', Status: 'Pending' });
    });

    it.each([
      ['Winter Lan 2026', 'participants-winter-lan-2026.csv'],
      ['../../etc/passwd', 'participants-etc-passwd.csv'],
      ['a"; filename="evil.exe', 'participants-a-filename-evil-exe.csv'],
      ['Crème Brûlée\r\nX-Injected: yes', 'participants-creme-brulee-x-injected-yes.csv'],
    ])('names the file of %j safely', async (name, fileName) => {
      const lan = await api.createLan({ name });
      const response = await csvOf(lan.id);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      expect(response.headers).not.toHaveProperty('x-injected');
    });
  });
});
