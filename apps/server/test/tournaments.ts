import type { Tournament } from '@lanparty/contract';
import { expect } from 'vitest';
import type { OrganiserApi, Person } from './organiser.ts';

/**
 * The calls the tournament tests make (issue 37), on a site's API: `admin` is the lan
 * administrator who makes, starts and sets results; a made tournament is `defaults` with
 * what a test overrides.
 */
export function tournamentCalls(
  api: OrganiserApi,
  admin: () => Person,
  defaults: Record<string, unknown> = {
    name: 'Quake duel',
    game: 'Quake III Arena',
    format: 'single_elimination',
    maxEntrants: 16,
  },
) {
  const calls = {
    make: async (lanId: number, body: object = {}) => {
      const response = await api.request(admin(), 'POST', `/api/lans/${lanId}/tournaments`, {
        ...defaults,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Tournament;
    },
    read: async (id: number, who: Person | undefined = admin()) => {
      const response = await api.request(who, 'GET', `/api/tournaments/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Tournament;
    },
    /** `count` new participants (Accepted) of the lan. */
    players: async (lanId: number, count: number) => {
      const made: Person[] = [];
      for (let index = 0; index < count; index += 1)
        made.push((await api.ticket(lanId, 'accepted')).who as Person);
      return made;
    },
    enter: (id: number, who: Person, body: object = {}) =>
      api.request(who, 'POST', `/api/tournaments/${id}/entries`, body),
    /** A team's entry by `who` inviting `mates`; answers the new entry's id. */
    team: async (id: number, who: Person, name: string, mates: readonly Person[]) => {
      const response = await calls.enter(id, who, {
        name,
        memberIds: mates.map((mate) => mate.user.id),
      });
      expect(response.statusCode, response.body).toBe(201);
      const entry = (response.json() as Tournament).entries.find((each) => each.name === name);
      return entry?.id as number;
    },
    /** The invited `who` joins the entry (PUT …/members/{their id}). */
    accept: (id: number, entryId: number, who: Person) =>
      api.request(who, 'PUT', `/api/tournaments/${id}/entries/${entryId}/members/${who.user.id}`),
    /** `who` takes `userId` out of the entry: leaving, declining, or removing someone. */
    removeMember: (id: number, entryId: number, who: Person | undefined, userId: number) =>
      api.request(who, 'DELETE', `/api/tournaments/${id}/entries/${entryId}/members/${userId}`),
    start: async (id: number, body: object = {}) => {
      const response = await api.request(admin(), 'POST', `/api/tournaments/${id}/start`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Tournament;
    },
    report: (matchId: number, who: Person, scores: unknown) =>
      api.request(who, 'PUT', `/api/matches/${matchId}/report`, { scores }),
    result: (matchId: number, body: object) =>
      api.request(admin(), 'PUT', `/api/matches/${matchId}/result`, body),
    matchesOf: (tournament: Tournament) =>
      tournament.groups.flatMap((group) => group.rounds.flatMap((round) => round.matches)),
    /** The one of `people` who captains the entry. */
    captainOf: (tournament: Tournament, people: readonly Person[], entryId: number | null) => {
      const entry = tournament.entries.find((each) => each.id === entryId);
      const person = people.find((each) => each.user.id === entry?.captainId);
      if (!person) throw new Error(`No player of entry ${entryId}`);
      return person;
    },
  };
  return calls;
}
