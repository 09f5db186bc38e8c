import type { Clan, ClanSeatingPlan, Seating } from '@lanparty/contract';
import { seatLabels } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

/** A row of seats at line `y`, labelled `prefix`1 … */
const row = (prefix: string, count: number, y: number) =>
  seatLabels(prefix, count).map((label, x) => ({ label, x, y }));

const openPlan = { opensAt: null, locksAt: null, published: true, width: 20, height: 10 };

/*
 * Seating a clan together (issue 34, issue 51): its leader or a seat manager asks first who
 * would move where (POST …/clan-blocks/plan, nothing moves), and the seating does exactly
 * that plan, or nothing when the seats changed since. A clan together already is told so.
 */
describe.each(testEngines)('seating a clan together on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;

  const lanWithPlan = async (seats: object[]) => {
    const lan = await api.createLan({ maximumSubcribers: 200 });
    const response = await api.request(admin(), 'PUT', `/api/lans/${lan.id}/seating`, {
      plan: openPlan,
      seats,
      blocks: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    return { lanId: lan.id, seating: response.json() as Seating };
  };
  const seatId = (seating: Seating, label: string) => {
    const seat = seating.seats.find((each) => each.label === label);
    if (!seat) throw new Error(`No seat ${label}`);
    return seat.id;
  };
  const participant = async (lanId: number) => {
    const person = await api.person();
    const subscription = await api.subscribe(lanId, person);
    await api.setStatus(subscription.id, 'accepted');
    return person;
  };
  const pick = (who: Person, lanId: number, seat: number) =>
    api.request(who, 'PUT', `/api/lans/${lanId}/seats/${seat}/occupant`, { userId: who.user.id });
  const read = async (lanId: number) =>
    (await api.request(undefined, 'GET', `/api/lans/${lanId}/seating`)).json() as Seating;
  /** Where each of `people` sits, by label (null: nowhere). */
  const seatsOf = (seating: Seating, people: readonly Person[]) =>
    people.map(
      (person) =>
        seating.seats.find((seat) => seat.occupant?.userId === person.user.id)?.label ?? null,
    );

  const clanAt = async (lanId: number, size: number) => {
    const people = await Promise.all(Array.from({ length: size }, () => participant(lanId)));
    const [leader, ...rest] = people;
    if (!leader) throw new Error('A clan needs a leader');
    const clan = (
      await api.request(leader, 'POST', '/api/clans', {
        name: `Together ${lanId}-${size}`,
        tag: `T${lanId}`.slice(0, 6),
        colour: '#00aa33',
      })
    ).json() as Clan;
    for (const person of rest)
      await api.request(person, 'POST', `/api/clans/${clan.id}/members`, { code: clan.code });
    return { clan, leader, people };
  };
  const planFor = (who: Person, lanId: number, body: object) =>
    api.request(who, 'POST', `/api/lans/${lanId}/seating/clan-blocks/plan`, body);
  const seatAsPlanned = (who: Person, lanId: number, plan: ClanSeatingPlan) =>
    api.request(who, 'POST', `/api/lans/${lanId}/seating/clan-blocks`, {
      clanId: plan.clanId,
      everyone: plan.everyone,
      moves: plan.moves.map(({ userId, seatId }) => ({ userId, seatId })),
    });

  it('says who would sit where, moves nobody until asked, then seats them so', async () => {
    const { lanId, seating } = await lanWithPlan([...row('A', 4, 0), ...row('B', 6, 2)]);
    await pick(await participant(lanId), lanId, seatId(seating, 'A2'));
    const { clan, leader, people } = await clanAt(lanId, 3);

    const asked = await planFor(leader, lanId, { clanId: clan.id });
    expect(asked.statusCode, asked.body).toBe(200);
    const plan = asked.json() as ClanSeatingPlan;
    expect(plan).toMatchObject({ clanId: clan.id, everyone: false, where: 'the row at line 3' });
    expect(plan.isTogether).toBe(false);
    expect(plan.moves.map(({ nickname, from, to }) => [nickname, from, to])).toEqual(
      people.map((person, index) => [person.user.nickname, null, `B${index + 1}`]),
    );
    expect(seatsOf(await read(lanId), people)).toEqual([null, null, null]);

    const seated = await seatAsPlanned(leader, lanId, plan);
    expect(seated.statusCode, seated.body).toBe(200);
    expect(seatsOf(seated.json() as Seating, people)).toEqual(['B1', 'B2', 'B3']);
  });

  it('moves only whom it must when those seated may move too, and says from where', async () => {
    const { lanId, seating } = await lanWithPlan([...row('A', 4, 0), ...row('B', 6, 2)]);
    const { clan, leader, people } = await clanAt(lanId, 3);
    const [first, second, third] = people as [Person, Person, Person];
    await pick(first, lanId, seatId(seating, 'B2'));
    await pick(second, lanId, seatId(seating, 'B3'));
    await pick(third, lanId, seatId(seating, 'A4'));

    const plan = (await planFor(leader, lanId, { clanId: clan.id, everyone: true })).json();
    expect(plan.moves).toEqual([
      {
        userId: third.user.id,
        nickname: third.user.nickname,
        from: 'A4',
        to: 'B1',
        seatId: seatId(seating, 'B1'),
      },
    ]);
    expect((await seatAsPlanned(leader, lanId, plan)).statusCode).toBe(200);
    expect(seatsOf(await read(lanId), people)).toEqual(['B2', 'B3', 'B1']);
  });

  it('tells a clan that sits together already so, and moves nobody', async () => {
    const { lanId, seating } = await lanWithPlan([...row('A', 4, 0), ...row('B', 6, 2)]);
    const { clan, leader, people } = await clanAt(lanId, 2);
    await pick(people[0] as Person, lanId, seatId(seating, 'A3'));
    await pick(people[1] as Person, lanId, seatId(seating, 'A4'));

    const asked = await planFor(leader, lanId, { clanId: clan.id, everyone: true });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      clanId: clan.id,
      everyone: true,
      where: 'the row at line 1',
      isTogether: true,
      moves: [],
    });
    // Sent anyway: refused, and nobody moves.
    const refused = await api.request(leader, 'POST', `/api/lans/${lanId}/seating/clan-blocks`, {
      clanId: clan.id,
      everyone: true,
      moves: [{ userId: people[0]?.user.id, seatId: seatId(seating, 'B1') }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `${clan.name} sits together already, in the row at line 1: nobody moves.`,
    );
    expect(seatsOf(await read(lanId), people)).toEqual(['A3', 'A4']);
  });

  it('moves nobody when the seats changed since the plan was shown (409)', async () => {
    const { lanId, seating } = await lanWithPlan(row('A', 6, 0));
    const { clan, leader, people } = await clanAt(lanId, 2);
    const plan = (await planFor(leader, lanId, { clanId: clan.id })).json() as ClanSeatingPlan;
    expect(plan.moves.map((move) => move.to)).toEqual(['A1', 'A2']);
    // Someone else takes A2 meanwhile: the plan is A3, A4 now.
    await pick(await participant(lanId), lanId, seatId(seating, 'A2'));

    const refused = await seatAsPlanned(leader, lanId, plan);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `The seats changed since the plan was shown: nobody moved. Look at ${clan.name}’s plan again.`,
    );
    expect(seatsOf(await read(lanId), people)).toEqual([null, null]);
  });

  it('says the largest run free when there is no room for the clan', async () => {
    const { lanId, seating } = await lanWithPlan(row('A', 4, 0));
    await pick(await participant(lanId), lanId, seatId(seating, 'A3'));
    const { clan, leader } = await clanAt(lanId, 3);
    const response = await planFor(leader, lanId, { clanId: clan.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      `No 3 seats side by side are free for ${clan.name}: the most together is 2 (the row at line 1).`,
    );
  });

  it('is for the clan’s leader and seat managers, and lan administrators', async () => {
    const { lanId } = await lanWithPlan(row('A', 4, 0));
    const { clan, people } = await clanAt(lanId, 2);
    const member = people[1] as Person;
    const refused = await planFor(member, lanId, { clanId: clan.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only the clan’s leader and seat managers seat the clan.');
    const plan = (await planFor(admin(), lanId, { clanId: clan.id })).json() as ClanSeatingPlan;
    expect((await seatAsPlanned(member, lanId, plan)).statusCode).toBe(403);
    const byAdmin = await seatAsPlanned(admin(), lanId, plan);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
