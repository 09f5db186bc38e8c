import type { Seating, Tournament } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';

/*
 * What follows leaving a lan is one step, whatever the way of leaving (decision 049): the
 * seat is freed and the lan's tournaments are left, in the transaction that leaves.
 */
describe.each(testEngines)('leaving a lan on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, {
    callers: ['LanAdministrator', 'SystemAdministrator'],
  });
  const admin = () => as.LanAdministrator as Person;
  const { make, read, enter, start } = tournamentCalls(api, admin);

  const seating = async (lanId: number) => {
    const response = await api.request(admin(), 'GET', `/api/lans/${lanId}/seating`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Seating;
  };

  /**
   * A lan to come with a published plan and two tournaments, one open and one under way,
   * and a participant (`status`) seated on A1 and entered in both (in the second against
   * another player).
   */
  const seatedAndEntered = async (status: 'accepted' | 'paid') => {
    const lan = await api.createLan({ maximumSubcribers: 10 });
    const saved = await api.request(admin(), 'PUT', `/api/lans/${lan.id}/seating`, {
      plan: { opensAt: null, locksAt: null, published: true, width: 4, height: 2 },
      seats: [
        { label: 'A1', x: 0, y: 0 },
        { label: 'A2', x: 1, y: 0 },
      ],
      blocks: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const open = await make(lan.id, { name: 'Open cup' });
    const running = await make(lan.id, { name: 'Running cup' });
    const { who, id } = await api.ticket(lan.id, status);
    const other = (await api.ticket(lan.id, 'accepted')).who as Person;
    const person = who as Person;
    const seatId = (saved.json() as Seating).seats[0]?.id as number;
    const picked = await api.request(
      person,
      'PUT',
      `/api/lans/${lan.id}/seats/${seatId}/occupant`,
      {
        userId: person.user.id,
      },
    );
    expect(picked.statusCode, picked.body).toBe(200);
    for (const tournament of [open, running])
      for (const player of [person, other])
        expect((await enter(tournament.id, player)).statusCode).toBe(201);
    await start(running.id);
    return { lanId: lan.id, person, subscriptionId: id, open, running };
  };

  it.each([
    {
      way: 'withdrawing their own subscription',
      status: 'accepted' as const,
      leave: (who: Person, subscriptionId: number) =>
        api.request(who, 'DELETE', `/api/subscribers/${subscriptionId}`),
    },
    {
      way: 'denied by a lan administrator',
      status: 'paid' as const,
      leave: (_who: Person, subscriptionId: number) =>
        api.request(admin(), 'PUT', `/api/subscribers/${subscriptionId}/status:denied`),
    },
    {
      way: 'erasing their account (a paid place at a lan to come stays)',
      status: 'paid' as const,
      leave: (who: Person) =>
        api.request(as.SystemAdministrator as Person, 'DELETE', `/api/users/${who.user.id}`),
    },
  ])('frees the seat and leaves the tournaments when $way', async ({ status, leave }) => {
    const { lanId, person, subscriptionId, open, running } = await seatedAndEntered(status);
    const isTheirs = (entry: Tournament['entries'][number]) => entry.captainId === person.user.id;
    expect((await seating(lanId)).seats[0]?.occupant?.userId).toBe(person.user.id);

    const left = await leave(person, subscriptionId);
    expect(left.statusCode, left.body).toBeLessThan(300);

    expect((await seating(lanId)).seats.map((seat) => seat.occupant)).toEqual([null, null]);
    // Out of the open one; in the one under way their entry gives up.
    expect((await read(open.id)).entries.some(isTheirs)).toBe(false);
    expect((await read(running.id)).entries.find(isTheirs)?.forfeited).toBe(true);
  });
});
