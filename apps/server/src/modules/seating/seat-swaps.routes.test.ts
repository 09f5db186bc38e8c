import type { Clan, Seating } from '@lanparty/contract';
import { seatLabels } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

const openPlan = { opensAt: null, locksAt: null, published: true, width: 20, height: 10 };

/*
 * A swap is two picks made at once (issue 50): each of the two may sit on the other's seat
 * only as a pick would let them (a clan's block, a crew seat), and it trades the seats the
 * two held when it was asked, or nothing.
 */
describe.each(testEngines)('seat swaps on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });

  const savePlan = async (lanId: number, body: object) => {
    const response = await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/lans/${lanId}/seating`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Seating;
  };
  const participant = async (lanId: number) => {
    const person = await api.person();
    const subscription = await api.subscribe(lanId, person);
    await api.setStatus(subscription.id, 'accepted');
    return person;
  };
  const seatId = (seating: Seating, label: string) => {
    const seat = seating.seats.find((each) => each.label === label);
    if (!seat) throw new Error(`No seat ${label}`);
    return seat.id;
  };
  const pick = async (who: Person, lanId: number, seat: number) => {
    const response = await api.request(who, 'PUT', `/api/lans/${lanId}/seats/${seat}/occupant`, {
      userId: who.user.id,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const ask = (who: Person, lanId: number, userId: number) =>
    api.request(who, 'POST', `/api/lans/${lanId}/seat-swaps`, { userId });
  const accept = (who: Person, lanId: number, swapId: number) =>
    api.request(who, 'POST', `/api/lans/${lanId}/seat-swaps/${swapId}/accept`);
  const occupants = async (lanId: number) => {
    const seating = (await api.request(undefined, 'GET', `/api/lans/${lanId}/seating`)).json();
    return Object.fromEntries(
      (seating as Seating).seats.map((seat) => [seat.label, seat.occupant?.userId ?? null]),
    );
  };
  const seats = (prefix: string, y: number, blockId: number | null = null) =>
    seatLabels(prefix, 2).map((label, x) => ({ label, x, y, blockId }));

  /** A lan whose row A is `clan`'s block (when given) and row B free for all. */
  async function clanLan() {
    const lan = await api.createLan({ maximumSubcribers: 50 });
    const [member, outsider] = [await participant(lan.id), await participant(lan.id)];
    const clan = (
      await api.request(member, 'POST', '/api/clans', {
        name: `Swappers ${lan.id}`,
        tag: `W${lan.id}`.slice(0, 6),
        colour: '#3300aa',
      })
    ).json() as Clan;
    const plan = (clanId: number | null, seating?: Seating) => ({
      plan: openPlan,
      blocks: [{ id: seating?.blocks[0]?.id ?? -1, name: 'Row A', clanId }],
      seats: [...seats('A', 0, -1), ...seats('B', 2)].map((seat) => ({
        ...seat,
        ...(seating ? { id: seatId(seating, seat.label) } : {}),
        ...(seat.blockId && seating?.blocks[0] ? { blockId: seating.blocks[0].id } : {}),
      })),
    });
    return { lanId: lan.id, member, outsider, clan, plan };
  }

  it('keeps a clan’s block for its members: asked or accepted, an outsider is not seated there', async () => {
    const { lanId, member, outsider, clan, plan } = await clanLan();
    const seating = await savePlan(lanId, plan(clan.id));
    await pick(member, lanId, seatId(seating, 'A1'));
    await pick(outsider, lanId, seatId(seating, 'B1'));
    const kept = `Seat A1 is in Row A, kept for ${clan.name}.`;
    for (const [asker, asked] of [
      [outsider, member],
      [member, outsider],
    ] as const) {
      const refused = await ask(asker, lanId, asked.user.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().detail).toBe(kept);
    }

    // Asked while row A was for anyone, accepted once it is the clan's: refused all the same.
    const open = await savePlan(lanId, plan(null, seating));
    const swap = await ask(outsider, lanId, member.user.id);
    expect(swap.statusCode, swap.body).toBe(201);
    await savePlan(lanId, plan(clan.id, open));
    const late = await accept(member, lanId, swap.json().id);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().detail).toBe(kept);
    expect(await occupants(lanId)).toMatchObject({
      A1: member.user.id,
      B1: outsider.user.id,
    });
  });

  it('keeps a crew seat for the crew: one placed there by an administrator swaps with no lanner', async () => {
    const lan = await api.createLan({ maximumSubcribers: 50 });
    const [placed, lanner] = [await participant(lan.id), await participant(lan.id)];
    const seating = await savePlan(lan.id, {
      plan: openPlan,
      blocks: [],
      seats: [
        { label: 'A1', x: 0, y: 0, blockId: null, kind: 'crew' },
        { label: 'B1', x: 0, y: 2, blockId: null },
      ],
    });
    // A lan administrator may place anyone on a crew seat; a swap is no such placing.
    const placing = await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/lans/${lan.id}/seats/${seatId(seating, 'A1')}/occupant`,
      { userId: placed.user.id },
    );
    expect(placing.statusCode, placing.body).toBe(200);
    await pick(lanner, lan.id, seatId(seating, 'B1'));
    for (const [asker, asked] of [
      [lanner, placed],
      [placed, lanner],
    ] as const) {
      const refused = await ask(asker, lan.id, asked.user.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().detail).toBe('Seat A1 is for the crew.');
    }
    expect(await occupants(lan.id)).toEqual({ A1: placed.user.id, B1: lanner.user.id });
  });

  it('trades the seats held when it was asked, or says who moved since', async () => {
    const { lanId, member: asker, outsider: asked, plan } = await clanLan();
    const seating = await savePlan(lanId, plan(null));
    await pick(asker, lanId, seatId(seating, 'B1'));
    await pick(asked, lanId, seatId(seating, 'B2'));
    const swap = (await ask(asker, lanId, asked.user.id)).json();
    expect(swap).toMatchObject({ from: { seat: 'B1' }, to: { seat: 'B2' } });

    // The asker moves to A1 after asking: accepting would hand over a seat never offered.
    await pick(asker, lanId, seatId(seating, 'A1'));
    const refused = await accept(asked, lanId, swap.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toBe(
      `${asker.user.nickname} has moved since the swap was asked: ask again.`,
    );
    expect(await occupants(lanId)).toEqual({
      A1: asker.user.id,
      A2: null,
      B1: null,
      B2: asked.user.id,
    });

    // Back on the seat named: the swap goes through.
    await pick(asker, lanId, seatId(seating, 'B1'));
    const made = await accept(asked, lanId, swap.id);
    expect(made.statusCode, made.body).toBe(200);
    expect(await occupants(lanId)).toMatchObject({ B1: asked.user.id, B2: asker.user.id });
  });
});
