import type { Seating } from '@lanparty/contract';
import { personMatchesSearch } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

/*
 * The seat map's "Find a lanner" (issue 51) finds people by the door's one rule
 * (personMatchesSearch): by nickname for everyone, and for a lan administrator by first name
 * and surname too, from the participants list the door reads. What each engine must do for
 * it: give the nicknames of the seats and the names of the participants back exactly as
 * stored, accents and all, and no name in the map anyone may read.
 */
describe.each(testEngines)('Find a lanner on the seat map on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);

  it('finds whom the door finds, accents aside; names only for a lan administrator', async () => {
    const lan = await api.createLan({ maximumSubcribers: 10 });
    const people = [
      { nickname: 'xXfragXx', firstName: 'José', surname: 'Ærøe' },
      // Letter and combining mark apart (NFD), as some keyboards and imports write it.
      { nickname: 'Zoe\u0308y', firstName: 'Zoe\u0308', surname: 'de Vries' },
      { nickname: 'Chloé', firstName: 'Chloé', surname: 'Özdemir' },
    ];
    const saved = await api.request(api.admin, 'PUT', `/api/lans/${lan.id}/seating`, {
      plan: { opensAt: null, locksAt: null, published: true, width: 3, height: 1 },
      seats: people.map((_, x) => ({ label: `A${x + 1}`, x, y: 0 })),
      blocks: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const seatIds = (saved.json() as Seating).seats.map((seat) => seat.id);
    let lanner: Parameters<typeof api.request>[0];
    for (const [index, names] of people.entries()) {
      const who = await api.person({ roles: ['Lanner'], ...names });
      lanner = who;
      await api.setStatus((await api.subscribe(lan.id, who)).id, 'accepted');
      const seated = await api.request(
        api.admin,
        'PUT',
        `/api/lans/${lan.id}/seats/${seatIds[index]}/occupant`,
        { userId: who.user.id },
      );
      expect(seated.statusCode, seated.body).toBe(200);
    }

    const map = (await api.request(lanner, 'GET', `/api/lans/${lan.id}/seating`)).json() as Seating;
    // What every participant reads names nobody: nicknames only, as stored.
    const mapText = JSON.stringify(map);
    for (const { firstName, surname } of people) {
      expect(mapText).not.toContain(JSON.stringify(surname));
      if (!people.some((other) => other.nickname === firstName))
        expect(mapText).not.toContain(`"${firstName}"`);
    }
    expect(map.seats.map((seat) => seat.occupant?.nickname)).toEqual(
      people.map((person) => person.nickname),
    );
    const names = new Map(
      (await api.participantsOf(lan.id)).participants.map((participant) => [
        participant.userId,
        { firstName: participant.firstName, surname: participant.surname },
      ]),
    );
    expect([...names.values()]).toEqual(
      expect.arrayContaining(people.map(({ firstName, surname }) => ({ firstName, surname }))),
    );

    const found = (search: string, withNames: boolean) =>
      map.seats
        .filter(
          (seat) =>
            seat.occupant &&
            personMatchesSearch(
              {
                nickname: seat.occupant.nickname,
                ...(withNames ? names.get(seat.occupant.userId) : {}),
              },
              search,
            ),
        )
        .map((seat) => seat.label);
    // A lan administrator: by first name, surname or both, accents aside, as at the door.
    expect(found('jose', true)).toEqual(['A1']);
    expect(found('AEROE', true)).toEqual(['A1']);
    expect(found('zoe de v', true)).toEqual(['A2']);
    expect(found('zoë', true)).toEqual(['A2']);
    expect(found('ozdemir', true)).toEqual(['A3']);
    expect(found('chloe', true)).toEqual(['A3']);
    // Anyone else: by nickname alone, accents aside still.
    expect(found('jose', false)).toEqual([]);
    expect(found('frag', false)).toEqual(['A1']);
    expect(found('zoey', false)).toEqual(['A2']);
    expect(found('CHLOE', false)).toEqual(['A3']);
  });
});
