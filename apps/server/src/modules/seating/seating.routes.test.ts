import type { Clan, Seating } from '@lanparty/contract';
import { seatLabels } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { makePng, uploadImage } from '../../../test/images.ts';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { takeSeat } from './seat-picks.repository.ts';

type SeatBody = {
  id?: number;
  label: string;
  x: number;
  y: number;
  kind?: string;
  blockId?: number | null;
};

/** A row of seats at line `y`, labelled `prefix`1 … */
const row = (prefix: string, count: number, y: number, extra: Partial<SeatBody> = {}) =>
  seatLabels(prefix, count).map((label, x) => ({ label, x, y, ...extra }));

const openPlan = { opensAt: null, locksAt: null, published: true, width: 20, height: 10 };

/*
 * Seat plans (issue 34): saved whole by lan administrators, never losing a seated person
 * silently; picked by participants one seat each, by the database's guarantee also when
 * picks race; freed when a place is given up; clans seated side by side.
 */
describe.each(testEngines)('seating on %s', (engine) => {
  const { api, call, as, site } = setUpOrganiserSite(engine, { callers: everyCaller });
  const admin = () => as.LanAdministrator as Person;

  const savePlan = async (lanId: number, body: object) => {
    const response = await api.request(admin(), 'PUT', `/api/lans/${lanId}/seating`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Seating;
  };
  /** A lan with a published plan of `seats`, and its seating. */
  const lanWithPlan = async (seats: SeatBody[], plan: object = openPlan, blocks: object[] = []) => {
    const lan = await api.createLan({ maximumSubcribers: 200 });
    const seating = await savePlan(lan.id, { plan, seats, blocks });
    return { lanId: lan.id, seating };
  };
  const seatId = (seating: Seating, label: string) => {
    const seat = seating.seats.find((each) => each.label === label);
    if (!seat) throw new Error(`No seat ${label}`);
    return seat.id;
  };
  /** A lanner holding an Accepted place at the lan. */
  const participant = async (lanId: number, options: { nickname?: string } = {}) => {
    const person = await api.person(options);
    const subscription = await api.subscribe(lanId, person);
    await api.setStatus(subscription.id, 'accepted');
    return Object.assign(person, { subscriptionId: subscription.id });
  };
  const pick = (who: Person, lanId: number, seat: number, userId = who.user.id) =>
    api.request(who, 'PUT', `/api/lans/${lanId}/seats/${seat}/occupant`, { userId });
  const read = async (lanId: number, who?: Person) => {
    const response = await api.request(who, 'GET', `/api/lans/${lanId}/seating`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Seating;
  };
  const occupantOf = (seating: Seating, label: string) =>
    seating.seats.find((seat) => seat.label === label)?.occupant?.userId ?? null;

  describe('the plan', () => {
    it('is saved whole by lan administrators only', async () => {
      const lan = await api.createLan();
      const body = { plan: openPlan, seats: row('A', 3, 0) };
      for (const caller of everyCaller) {
        const response = await call(caller, 'PUT', `/api/lans/${lan.id}/seating`, body);
        const expected =
          caller === 'anonymous'
            ? 401
            : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
              ? 200
              : 403;
        expect(response.statusCode, caller).toBe(expected);
      }
      const seating = await read(lan.id);
      expect(seating.seats.map((seat) => [seat.label, seat.x, seat.y, seat.kind])).toEqual([
        ['A1', 0, 0, 'standard'],
        ['A2', 1, 0, 'standard'],
        ['A3', 2, 0, 'standard'],
      ]);
      expect(seating.plan).toMatchObject({ published: true, width: 20, height: 10 });
    });

    it('gives its times on the community’s clocks, as a lan’s dates', async () => {
      const { lanId } = await lanWithPlan(row('T', 1, 0), {
        ...openPlan,
        opensAt: '2030-01-02T09:00:00Z',
        locksAt: '2030-07-02T18:00:00+02:00',
      });
      expect((await read(lanId)).plan).toMatchObject({
        opensAt: '2030-01-02T10:00:00.000+01:00',
        locksAt: '2030-07-02T18:00:00.000+02:00',
      });
    });

    it('is a draft until published: only lan administrators see it', async () => {
      const { lanId } = await lanWithPlan(row('A', 2, 0), { ...openPlan, published: false });
      expect((await api.request(undefined, 'GET', `/api/lans/${lanId}/seating`)).statusCode).toBe(
        404,
      );
      const lanner = await api.person();
      const refused = await api.request(lanner, 'GET', `/api/lans/${lanId}/seating`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('This lan has no seat plan yet.');
      expect((await read(lanId, admin())).seats).toHaveLength(2);
    });

    it('keeps seats by id, adds those without, removes those left out, makes new blocks', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 3, 0));
      const [a1, a2] = seating.seats;
      const saved = await savePlan(lanId, {
        plan: openPlan,
        blocks: [{ id: -1, name: 'Table 1', clanId: null }],
        seats: [
          { ...a1, label: 'A2', blockId: -1 },
          { ...a2, label: 'A1', kind: 'accessible', blockId: -1 },
          { label: 'B1', x: 0, y: 2 },
        ],
      });
      const [block] = saved.blocks;
      expect(block?.name).toBe('Table 1');
      expect(saved.seats.map((seat) => [seat.id, seat.label, seat.kind, seat.blockId])).toEqual([
        [a1?.id, 'A2', 'standard', block?.id],
        [a2?.id, 'A1', 'accessible', block?.id],
        [expect.any(Number), 'B1', 'standard', null],
      ]);
    });

    it('is drawn over a picture of the hall that lan administrators upload', async () => {
      const { lanId } = await lanWithPlan(row('A', 2, 0));
      expect((await read(lanId)).plan.hallVersion).toBeNull();
      const lanner = await participant(lanId);
      const refused = await uploadImage(site.app, `hall-${lanId}.png`, makePng(), {
        headers: lanner.headers,
      });
      expect(refused.statusCode).toBe(403);
      const uploaded = await uploadImage(site.app, `hall-${lanId}.png`, makePng(), {
        headers: admin().headers,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(204);
      const { hallVersion } = (await read(lanId)).plan;
      expect(hallVersion).toEqual(expect.any(String));
      const image = await site.app.inject({
        url: `/api/assets/hall-${lanId}?v=${hallVersion}&w=720`,
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    });

    it.each([
      [
        { seats: [...row('A', 2, 0), { label: 'a1', x: 5, y: 5 }] },
        'Two seats are labelled a1: each label names one seat',
      ],
      [
        { seats: [...row('A', 2, 0), { label: 'B1', x: 1, y: 0 }] },
        'Seat B1 stands where another seat stands (1, 0)',
      ],
      [{ seats: [{ label: 'Z9', x: 25, y: 0 }] }, 'Seat Z9 stands outside the plan of 20 × 10'],
      [{ seats: [{ label: 'A 1', x: 0, y: 0 }] }, 'Label cannot contain spaces'],
      [
        {
          plan: {
            ...openPlan,
            opensAt: '2030-01-02T10:00:00+01:00',
            locksAt: '2030-01-01T10:00:00+01:00',
          },
        },
        'Locks at must after Opens at',
      ],
      [
        { seats: [{ label: 'A1', x: 0, y: 0, blockId: 7 }] },
        'Seat A1 is in block 7, which is not in the plan',
      ],
    ])('refuses a plan that cannot be right: %o', async (change, message) => {
      const lan = await api.createLan();
      const response = await api.request(admin(), 'PUT', `/api/lans/${lan.id}/seating`, {
        plan: openPlan,
        seats: [],
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain(message);
    });

    it('never loses a seated person silently: removing or blocking their seat is refused', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 3, 0));
      const lanner = await participant(lanId, { nickname: `Seated${process.pid}` });
      expect((await pick(lanner, lanId, seatId(seating, 'A2'))).statusCode).toBe(200);
      const [a1, a2, a3] = seating.seats;
      const removed = await api.request(admin(), 'PUT', `/api/lans/${lanId}/seating`, {
        plan: openPlan,
        seats: [a1, a3],
      });
      expect(removed.statusCode).toBe(409);
      expect(removed.json().detail).toBe(
        `Seat A2 is held by Seated${process.pid}: move them before you remove it.`,
      );
      const blocked = await api.request(admin(), 'PUT', `/api/lans/${lanId}/seating`, {
        plan: openPlan,
        seats: [a1, { ...a2, kind: 'blocked' }, a3],
      });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().detail).toContain('move them before you block it');
      expect(occupantOf(await read(lanId), 'A2')).toBe(lanner.user.id);
      // Moved first, the seat can go.
      expect((await pick(admin(), lanId, seatId(seating, 'A3'), lanner.user.id)).statusCode).toBe(
        200,
      );
      await savePlan(lanId, { plan: openPlan, seats: [a1, a3] });
      expect(occupantOf(await read(lanId), 'A3')).toBe(lanner.user.id);
    });
  });

  describe('picking', () => {
    it('seats an Accepted participant, and moves them in one step', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 4, 0));
      const lanner = await participant(lanId);
      const picked = await pick(lanner, lanId, seatId(seating, 'A1'));
      expect(picked.statusCode, picked.body).toBe(200);
      expect(picked.json()).toMatchObject({
        label: 'A1',
        occupant: { userId: lanner.user.id, nickname: lanner.user.nickname, clanTag: null },
      });
      expect((await pick(lanner, lanId, seatId(seating, 'A3'))).statusCode).toBe(200);
      const after = await read(lanId);
      expect(after.seats.filter((seat) => seat.occupant?.userId === lanner.user.id)).toEqual([
        expect.objectContaining({ label: 'A3' }),
      ]);
      // Picking the seat one holds changes nothing.
      expect((await pick(lanner, lanId, seatId(seating, 'A3'))).statusCode).toBe(200);
    });

    it('says who just took a seat, and why a seat is not for someone', async () => {
      const { lanId, seating } = await lanWithPlan([
        { label: 'A1', x: 0, y: 0 },
        { label: 'A2', x: 1, y: 0, kind: 'blocked' },
        { label: 'A3', x: 2, y: 0, kind: 'crew' },
      ]);
      const first = await participant(lanId, { nickname: `First${process.pid}` });
      const second = await participant(lanId);
      await pick(first, lanId, seatId(seating, 'A1'));
      const taken = await pick(second, lanId, seatId(seating, 'A1'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().detail).toBe(`Seat A1 was just taken by First${process.pid}.`);
      const blocked = await pick(second, lanId, seatId(seating, 'A2'));
      expect(blocked.json().detail).toBe('Seat A2 is blocked: nobody sits there.');
      const crew = await pick(second, lanId, seatId(seating, 'A3'));
      expect(crew.statusCode).toBe(409);
      expect(crew.json().detail).toBe('Seat A3 is for the crew.');
      // Lan administrators seat someone on a crew seat, never on a blocked one.
      expect((await pick(admin(), lanId, seatId(seating, 'A3'), second.user.id)).statusCode).toBe(
        200,
      );
      expect((await pick(admin(), lanId, seatId(seating, 'A2'), second.user.id)).statusCode).toBe(
        409,
      );
    });

    it('is for participants whose place is Accepted or Paid', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const pending = await api.person();
      await api.subscribe(lanId, pending);
      const refused = await pick(pending, lanId, seatId(seating, 'A1'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        'Only participants whose place is Accepted or Paid pick a seat.',
      );
      const stranger = await api.person();
      const forOther = await pick(stranger, lanId, seatId(seating, 'A1'), pending.user.id);
      expect(forOther.statusCode).toBe(403);
      // The map names the people who may sit (an open map names whom a seat event seats).
      expect((await read(lanId)).people).toEqual([]);
      const accepted = await participant(lanId, { nickname: 'Seatable' });
      expect((await read(lanId)).people).toEqual([
        {
          userId: accepted.user.id,
          nickname: 'Seatable',
          clanId: null,
          clanTag: null,
          clanColour: null,
        },
      ]);
    });

    it('opens and locks at the plan’s times, except for lan administrators', async () => {
      const future = { ...openPlan, opensAt: '2099-01-01T10:00:00+01:00' };
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0), future);
      const lanner = await participant(lanId);
      const early = await pick(lanner, lanId, seatId(seating, 'A1'));
      expect(early.statusCode).toBe(409);
      expect(early.json().detail).toMatch(/^Seat picking opens on 1 Jan 2099, \d\d:00\.$/);

      const locked = {
        ...openPlan,
        opensAt: '2020-01-01T10:00:00Z',
        locksAt: '2021-01-01T10:00:00Z',
      };
      await savePlan(lanId, { plan: locked, seats: seating.seats });
      const late = await pick(lanner, lanId, seatId(seating, 'A1'));
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toMatch(/^Seats are fixed since 1 Jan 2021/);
      expect((await pick(admin(), lanId, seatId(seating, 'A1'), lanner.user.id)).statusCode).toBe(
        200,
      );
    });

    it('frees the seat when the place is given up, and the waitlist gives no seat', async () => {
      const lan = await api.createLan({ maximumSubcribers: 1 });
      const seating = await savePlan(lan.id, { plan: openPlan, seats: row('A', 2, 0) });
      const holder = await participant(lan.id);
      const waiting = await api.person();
      await api.subscribe(lan.id, waiting, true);
      await pick(holder, lan.id, seatId(seating, 'A1'));
      expect(occupantOf(await read(lan.id), 'A1')).toBe(holder.user.id);
      const withdrawn = await api.request(
        holder,
        'DELETE',
        `/api/subscribers/${holder.subscriptionId}`,
      );
      expect(withdrawn.statusCode, withdrawn.body).toBe(204);
      const after = await read(lan.id);
      expect(after.seats.every((seat) => seat.occupant === null)).toBe(true);
    });

    it('frees the seat when an administrator moves the place back to Pending', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const lanner = await participant(lanId);
      await pick(lanner, lanId, seatId(seating, 'A2'));
      await api.setStatus(lanner.subscriptionId, 'pending');
      expect(occupantOf(await read(lanId), 'A2')).toBeNull();
    });

    it('never seats someone whose place went, or on a seat blocked, after the checks', async () => {
      // The pick checks first and takes the seat in one statement after: what changed in
      // between is the statement's own condition, on both engines.
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const lanner = await participant(lanId);
      await api.setStatus(lanner.subscriptionId, 'pending');
      expect(await takeSeat(site.db, seatId(seating, 'A1'), lanner.user.id, new Date())).toBe(
        false,
      );
      await api.setStatus(lanner.subscriptionId, 'accepted');
      await site.db
        .updateTable('seats')
        .set({ kind: 'blocked' })
        .where('id', '=', seatId(seating, 'A1'))
        .execute();
      expect(await takeSeat(site.db, seatId(seating, 'A1'), lanner.user.id, new Date())).toBe(
        false,
      );
      expect(await takeSeat(site.db, seatId(seating, 'A2'), lanner.user.id, new Date())).toBe(true);
      expect(occupantOf(await read(lanId), 'A2')).toBe(lanner.user.id);
      expect(occupantOf(await read(lanId), 'A1')).toBeNull();
    });

    it('gives a seat raced for by ten to exactly one, and the others a 409', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const racers = await Promise.all(Array.from({ length: 10 }, () => participant(lanId)));
      const responses = await Promise.all(
        racers.map((racer) => pick(racer, lanId, seatId(seating, 'A1'))),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      const winner = racers[statuses.indexOf(200)] as Person;
      expect(occupantOf(await read(lanId), 'A1')).toBe(winner.user.id);
      for (const response of responses.filter((each) => each.statusCode === 409))
        expect(response.json().detail).toBe(`Seat A1 was just taken by ${winner.user.nickname}.`);
    });

    it('leaves one person picking five seats at once on exactly one', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 5, 0));
      const lanner = await participant(lanId);
      const responses = await Promise.all(
        seating.seats.map((seat) => pick(lanner, lanId, seat.id)),
      );
      expect(responses.every((response) => response.statusCode < 500)).toBe(true);
      const held = (await read(lanId)).seats.filter((seat) => seat.occupant !== null);
      expect(held).toHaveLength(1);
    });

    it('lets a clan’s seat manager seat its members, and keeps a clan’s block for it', async () => {
      const lan = await api.createLan({ maximumSubcribers: 50 });
      const leader = await participant(lan.id);
      const member = await participant(lan.id);
      const outsider = await participant(lan.id);
      const clan = (
        await api.request(leader, 'POST', '/api/clans', {
          name: `Seaters ${lan.id}`,
          tag: `S${lan.id}`.slice(0, 6),
          colour: '#aa3300',
        })
      ).json() as Clan;
      await api.request(member, 'POST', `/api/clans/${clan.id}/members`, { code: clan.code });
      const seating = await savePlan(lan.id, {
        plan: openPlan,
        blocks: [{ id: -1, name: 'Row A', clanId: clan.id }],
        seats: [...row('A', 3, 0, { blockId: -1 }), ...row('B', 3, 2)],
      });
      const seated = await pick(leader, lan.id, seatId(seating, 'A2'), member.user.id);
      expect(seated.statusCode, seated.body).toBe(200);
      expect(seated.json().occupant).toMatchObject({ clanTag: clan.tag, clanId: clan.id });
      const refused = await pick(outsider, lan.id, seatId(seating, 'A1'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(`Seat A1 is in Row A, kept for ${clan.name}.`);
      // Not theirs to seat: someone outside the clan.
      expect((await pick(leader, lan.id, seatId(seating, 'B1'), outsider.user.id)).statusCode).toBe(
        403,
      );
      // Freed by the clan's leader, not by a stranger.
      const url = `/api/lans/${lan.id}/seats/${seatId(seating, 'A2')}/occupant`;
      expect((await api.request(outsider, 'DELETE', url)).statusCode).toBe(403);
      expect((await api.request(leader, 'DELETE', url)).statusCode).toBe(204);
      expect(occupantOf(await read(lan.id), 'A2')).toBeNull();
    });
  });

  describe('swapping', () => {
    const seatedPair = async () => {
      const { lanId, seating } = await lanWithPlan(row('S', 3, 0));
      const [asker, asked] = [await participant(lanId), await participant(lanId)];
      await pick(asker, lanId, seatId(seating, 'S1'));
      await pick(asked, lanId, seatId(seating, 'S2'));
      return { lanId, seating, asker, asked };
    };
    const ask = (who: Person, lanId: number, userId: number) =>
      api.request(who, 'POST', `/api/lans/${lanId}/seat-swaps`, { userId });

    it('moves both in one step when the one asked accepts', async () => {
      const { lanId, asker, asked } = await seatedPair();
      // Read before the swap is asked: the kept list follows the new swap.
      expect((await api.request(asked, 'GET', `/api/lans/${lanId}/seat-swaps`)).json()).toEqual([]);
      const asked1 = await ask(asker, lanId, asked.user.id);
      expect(asked1.statusCode, asked1.body).toBe(201);
      expect(asked1.json()).toMatchObject({
        from: { userId: asker.user.id, seat: 'S1' },
        to: { userId: asked.user.id, seat: 'S2' },
      });
      const seen = await api.request(asked, 'GET', `/api/lans/${lanId}/seat-swaps`);
      expect(seen.json()).toHaveLength(1);
      expect((await ask(asker, lanId, asked.user.id)).statusCode).toBe(409);

      const byAsker = await api.request(
        asker,
        'POST',
        `/api/lans/${lanId}/seat-swaps/${asked1.json().id}/accept`,
      );
      expect(byAsker.statusCode).toBe(403);
      const accepted = await api.request(
        asked,
        'POST',
        `/api/lans/${lanId}/seat-swaps/${asked1.json().id}/accept`,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = await read(lanId);
      expect(occupantOf(after, 'S1')).toBe(asked.user.id);
      expect(occupantOf(after, 'S2')).toBe(asker.user.id);
      expect((await api.request(asked, 'GET', `/api/lans/${lanId}/seat-swaps`)).json()).toEqual([]);
    });

    it('needs both seated, and is declined by either', async () => {
      const { lanId, seating, asker, asked } = await seatedPair();
      const unseated = await participant(lanId, { nickname: `Standing${process.pid}` });
      const refused = await ask(asker, lanId, unseated.user.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(`Standing${process.pid} has no seat to swap.`);
      expect((await ask(unseated, lanId, asker.user.id)).json().detail).toBe(
        'Pick a seat first: a swap trades two seats.',
      );
      const swap = (await ask(asker, lanId, asked.user.id)).json();
      const stranger = await participant(lanId);
      const url = `/api/lans/${lanId}/seat-swaps/${swap.id}`;
      expect((await api.request(stranger, 'DELETE', url)).statusCode).toBe(403);
      expect((await api.request(asked, 'DELETE', url)).statusCode).toBe(204);
      const late = await api.request(asked, 'POST', `${url}/accept`);
      expect(late.statusCode).toBe(404);
      expect(occupantOf(await read(lanId), 'S1')).toBe(asker.user.id);
      expect(seating.seats).toHaveLength(3);
    });

    it('makes one swap of two accepts at once, and keeps everyone on one seat', async () => {
      const { lanId, asker, asked } = await seatedPair();
      const swap = (await ask(asker, lanId, asked.user.id)).json();
      const url = `/api/lans/${lanId}/seat-swaps/${swap.id}/accept`;
      const responses = await Promise.all([
        api.request(asked, 'POST', url),
        api.request(asked, 'POST', url),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
      const after = await read(lanId);
      expect(occupantOf(after, 'S1')).toBe(asked.user.id);
      expect(occupantOf(after, 'S2')).toBe(asker.user.id);
    });
  });

  describe('following a map (changes since a version)', () => {
    type Changes = { version: number; planChanged: boolean; seats: Seating['seats'] };
    const changes = async (lanId: number, since: number | string, who?: Person) => {
      const response = await api.request(
        who,
        'GET',
        `/api/lans/${lanId}/seating/changes?since=${since}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Changes;
    };
    /** A held map with the changes applied, as an open map keeps it. */
    const apply = (map: Seating, change: Changes): Seating => {
      const changed = new Map(change.seats.map((seat) => [seat.id, seat]));
      return {
        ...map,
        version: change.version,
        seats: map.seats.map((seat) => changed.get(seat.id) ?? seat),
      };
    };

    it('gives the seats picked, moved and freed since the map held, and nothing more', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 4, 0));
      const [first, second] = [await participant(lanId), await participant(lanId)];
      let held = await read(lanId);
      expect(await changes(lanId, held.version)).toEqual({
        version: held.version,
        planChanged: false,
        seats: [],
      });

      await pick(first, lanId, seatId(seating, 'A1'));
      await pick(second, lanId, seatId(seating, 'A2'));
      const picked = await changes(lanId, held.version);
      expect(picked.version).toBeGreaterThan(held.version);
      expect(picked.seats.map((seat) => [seat.label, seat.occupant?.userId])).toEqual([
        ['A1', first.user.id],
        ['A2', second.user.id],
      ]);
      expect(picked.seats[0]?.occupant?.nickname).toBe(first.user.nickname);
      held = apply(held, picked);

      // A move changes two seats; the seat left is given free.
      await pick(first, lanId, seatId(seating, 'A4'));
      const moved = await changes(lanId, held.version);
      expect(moved.seats.map((seat) => [seat.label, seat.occupant?.userId ?? null])).toEqual([
        ['A1', null],
        ['A4', first.user.id],
      ]);
      held = apply(held, moved);
      expect(held.seats).toEqual((await read(lanId)).seats);
      expect((await changes(lanId, held.version)).seats).toEqual([]);
    });

    it('shows who sits there as they are called now, after a nickname changed', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const [first, second] = [await participant(lanId), await participant(lanId)];
      const held = await read(lanId);
      await pick(first, lanId, seatId(seating, 'A1'));
      expect((await changes(lanId, held.version)).seats[0]?.occupant?.nickname).toBe(
        first.user.nickname,
      );
      await site.db
        .updateTable('users')
        .set({ nickname: 'Renamed' })
        .where('id', '=', first.user.id)
        .execute();
      await pick(second, lanId, seatId(seating, 'A2'));
      const after = await changes(lanId, held.version);
      expect(after.seats.map((seat) => [seat.label, seat.occupant?.nickname])).toEqual([
        ['A1', 'Renamed'],
        ['A2', second.user.nickname],
      ]);
    });

    it('gives a seat freed by the database itself: a place given up', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const lanner = await participant(lanId);
      await pick(lanner, lanId, seatId(seating, 'A2'));
      const held = await read(lanId);
      await api.setStatus(lanner.subscriptionId, 'pending');
      const freed = await changes(lanId, held.version);
      expect(freed.seats.map((seat) => [seat.label, seat.occupant])).toEqual([['A2', null]]);
    });

    it('gives both seats of a swap and those of a clan seated together', async () => {
      const { lanId, seating } = await lanWithPlan(row('S', 3, 0));
      const [asker, asked] = [await participant(lanId), await participant(lanId)];
      await pick(asker, lanId, seatId(seating, 'S1'));
      await pick(asked, lanId, seatId(seating, 'S3'));
      const held = await read(lanId);
      const swap = await api.request(asker, 'POST', `/api/lans/${lanId}/seat-swaps`, {
        userId: asked.user.id,
      });
      await api.request(asked, 'POST', `/api/lans/${lanId}/seat-swaps/${swap.json().id}/accept`);
      const swapped = apply(held, await changes(lanId, held.version));
      expect(occupantOf(swapped, 'S1')).toBe(asked.user.id);
      expect(occupantOf(swapped, 'S3')).toBe(asker.user.id);
      expect(swapped.seats).toEqual((await read(lanId)).seats);
    });

    it('says to read the whole map when the plan was saved since, or the version is unknown', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
      const held = await read(lanId);
      await savePlan(lanId, { plan: openPlan, seats: [...seating.seats, ...row('B', 1, 1)] });
      expect(await changes(lanId, held.version)).toMatchObject({ planChanged: true, seats: [] });
      const now = await read(lanId);
      expect(now.version).toBeGreaterThan(held.version);
      expect(await changes(lanId, now.version)).toMatchObject({ planChanged: false, seats: [] });
      // A version this server never gave: no map it made, so the whole map is read again.
      expect(await changes(lanId, now.version + 1000)).toMatchObject({ planChanged: true });
    });

    it('misses no pick of many at once: every map followed ends as the database’s', async () => {
      const { lanId, seating } = await lanWithPlan(row('A', 12, 0));
      const lanners = await Promise.all(Array.from({ length: 12 }, () => participant(lanId)));
      let held = await read(lanId);
      const picks = Promise.all(
        lanners.map((lanner, index) => pick(lanner, lanId, seating.seats[index]?.id ?? 0)),
      );
      // Following while the picks land, as an open map does on each event.
      for (let turn = 0; turn < 5; turn += 1)
        held = apply(held, await changes(lanId, held.version));
      await picks;
      held = apply(held, await changes(lanId, held.version));
      expect(held.seats).toEqual((await read(lanId)).seats);
      expect(held.seats.every((seat) => seat.occupant !== null)).toBe(true);
    });

    it('is read by whoever may read the map, and refuses a version that is none', async () => {
      const { lanId } = await lanWithPlan(row('A', 2, 0), { ...openPlan, published: false });
      const lanner = await api.person();
      const path = `/api/lans/${lanId}/seating/changes?since=0`;
      expect((await api.request(lanner, 'GET', path)).statusCode).toBe(404);
      expect((await api.request(undefined, 'GET', path)).statusCode).toBe(404);
      expect((await api.request(admin(), 'GET', path)).statusCode).toBe(200);
      for (const since of ['', 'abc', '-1', '1.5']) {
        const refused = await api.request(
          admin(),
          'GET',
          `/api/lans/${lanId}/seating/changes?since=${since}`,
        );
        expect(refused.statusCode, since).toBe(400);
      }
      const missing = await api.request(admin(), 'GET', '/api/lans/999999/seating/changes?since=0');
      expect(missing.statusCode).toBe(404);
    });
  });

  it('puts the seat on the ticket, in the participants view and on the check-in', async () => {
    const { lanId, seating } = await lanWithPlan(row('C', 3, 0));
    const lanner = await participant(lanId);
    await pick(lanner, lanId, seatId(seating, 'C3'));
    await api.setStatus(lanner.subscriptionId, 'paid');
    const own = await api.request(lanner, 'GET', '/api/users/me/subscriptions?limit=100');
    const ticket = own.json().items.find((item: { lan: { id: number } }) => item.lan.id === lanId);
    expect(ticket.seat).toBe('C3');
    const participants = await api.request(admin(), 'GET', `/api/lans/${lanId}/participants`);
    const row3 = participants
      .json()
      .participants.find((each: { userId: number }) => each.userId === lanner.user.id);
    expect(row3.seat).toBe('C3');
    const checkIn = await api.request(admin(), 'POST', `/api/lans/${lanId}/check-ins`, {
      code: ticket.checkInCode,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().subscriber.seat).toBe('C3');
    const csv = await api.request(admin(), 'GET', `/api/lans/${lanId}/participants.csv`);
    expect(csv.body).toContain('C3');
  });

  it('tells open maps of each pick through a seat event with ids only: who sits there now', async () => {
    const { lanId, seating } = await lanWithPlan(row('A', 2, 0));
    const lanner = await participant(lanId);
    await pick(lanner, lanId, seatId(seating, 'A1'));
    await pick(lanner, lanId, seatId(seating, 'A2'));
    const events = await site.db
      .selectFrom('events')
      .select(['kind', 'lan_id', 'seat_id', 'user_id', 'is_hidden'])
      .where('lan_id', '=', lanId)
      .where('kind', 'in', ['seat', 'seating'])
      .orderBy('id')
      .execute();
    expect(
      events
        .filter((event) => event.kind === 'seat')
        .map((event) => [event.seat_id, event.user_id]),
    ).toEqual([
      [seatId(seating, 'A1'), lanner.user.id],
      [seatId(seating, 'A1'), null],
      [seatId(seating, 'A2'), lanner.user.id],
    ]);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'seating', lan_id: lanId }));
    expect(events.every((event) => !event.is_hidden)).toBe(true);
  });

  it('keeps the events of a draft plan from all but lan administrators (hidden)', async () => {
    const { lanId, seating } = await lanWithPlan(row('H', 2, 0), { ...openPlan, published: false });
    const lanner = await participant(lanId);
    expect((await pick(admin(), lanId, seatId(seating, 'H1'), lanner.user.id)).statusCode).toBe(
      200,
    );
    const events = await site.db
      .selectFrom('events')
      .select(['kind', 'is_hidden'])
      .where('lan_id', '=', lanId)
      .where('kind', 'in', ['seat', 'seating'])
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((event) => event.is_hidden === true || event.is_hidden === 1)).toBe(true);
  });
});
