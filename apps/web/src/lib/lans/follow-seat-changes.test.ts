import type { Seat, SeatChanges, Seating } from '@lanparty/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../testing/fetch-stub.ts';
import {
  applySeatEvents,
  followSeatChanges,
  followSeatEvents,
  seatSettleMs,
} from './follow-seat-changes.ts';
import { seatingQueryOptions } from './get-seating.ts';
import { lansKeys } from './lans-query-keys.ts';

const seat = (id: number, occupant: string | null = null): Seat => ({
  id,
  label: `A${id}`,
  x: id,
  y: 0,
  kind: 'standard',
  blockId: null,
  occupant:
    occupant === null
      ? null
      : { userId: id * 10, nickname: occupant, clanId: null, clanTag: null, clanColour: null },
});

/** A participant with no seat yet: the map knows her among its people. */
const ada = { userId: 40, nickname: 'Ada', clanId: null, clanTag: 'ADA', clanColour: '#112233' };

const map = (version: number, seats: Seat[]): Seating => ({
  plan: {
    opensAt: null,
    locksAt: null,
    published: true,
    width: 10,
    height: 2,
    hallVersion: null,
    modificationDate: '2026-11-27T10:00:00.000Z',
  },
  seats,
  blocks: [],
  people: [ada],
  version,
});

const changes = (version: number, seats: Seat[], planChanged = false): SeatChanges => ({
  version,
  planChanged,
  seats,
});

const key = lansKeys.seating(3);
const occupants = (queryClient: QueryClient) =>
  queryClient.getQueryData<Seating>(key)?.seats.map((each) => each.occupant?.nickname ?? null);

/** A map shown (observed), so a whole read of it is a real fetch through the stub. */
function showMap(queryClient: QueryClient) {
  const observer = new QueryObserver(queryClient, { ...seatingQueryOptions(3), staleTime: 0 });
  return observer.subscribe(() => {});
}

describe('a held seat map following the picks', () => {
  it('applies the seats changed since its version, without reading the whole map', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(7, [seat(1), seat(2), seat(3)]));
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': () =>
        jsonResponse(changes(9, [seat(1, 'Nick'), seat(3, 'Ada')])),
    });
    await followSeatChanges(queryClient, 3);
    expect(requests.map((request) => request.url.searchParams.get('since'))).toEqual(['7']);
    expect(occupants(queryClient)).toEqual(['Nick', null, 'Ada']);
    expect(queryClient.getQueryData<Seating>(key)?.version).toBe(9);
  });

  it('reads the whole map again when the plan was saved since', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(7, [seat(1)]));
    stubFetch({
      'GET /api/lans/3/seating/changes': () => jsonResponse(changes(12, [], true)),
      'GET /api/lans/3/seating': () => jsonResponse(map(12, [seat(1), seat(2, 'New')])),
    });
    const unsubscribe = showMap(queryClient);
    await followSeatChanges(queryClient, 3);
    await vi.waitFor(() => expect(occupants(queryClient)).toEqual([null, 'New']));
    unsubscribe();
  });

  it('asks once more after the read under way, however many events came meanwhile', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(1, [seat(1), seat(2)]));
    const answers: Array<() => void> = [];
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': (request) =>
        new Promise((resolve) => {
          const since = Number(request.url.searchParams.get('since'));
          answers.push(() =>
            resolve(
              jsonResponse(
                since === 1 ? changes(2, [seat(1, 'First')]) : changes(5, [seat(2, 'Second')]),
              ),
            ),
          );
        }),
    });
    const following = followSeatChanges(queryClient, 3);
    for (let event = 0; event < 5; event += 1) void followSeatChanges(queryClient, 3);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    await following;
    expect(requests.map((request) => request.url.searchParams.get('since'))).toEqual(['1', '2']);
    expect(occupants(queryClient)).toEqual(['First', 'Second']);
  });

  it('waits for a whole read under way, then follows from the map it gives', async () => {
    const queryClient = new QueryClient();
    let answerWhole: (() => void) | undefined;
    const { requests } = stubFetch({
      'GET /api/lans/3/seating': () =>
        new Promise((resolve) => {
          answerWhole = () => resolve(jsonResponse(map(4, [seat(1), seat(2)])));
        }),
      'GET /api/lans/3/seating/changes': () => jsonResponse(changes(6, [seat(2, 'Late')])),
    });
    const unsubscribe = showMap(queryClient);
    await vi.waitFor(() => expect(answerWhole).toBeDefined());
    const following = followSeatChanges(queryClient, 3);
    answerWhole?.();
    await following;
    expect(requests.map((request) => request.url.pathname + request.url.search)).toEqual([
      '/api/lans/3/seating',
      '/api/lans/3/seating/changes?since=4',
    ]);
    expect(occupants(queryClient)).toEqual([null, 'Late']);
    unsubscribe();
  });

  it('follows again from a whole map that landed while the changes were read', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(1, [seat(1), seat(2)]));
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': (request) => {
        if (request.url.searchParams.get('since') === '1') {
          // Meanwhile the whole map is read (a focus, a plan event): newer than version 1.
          queryClient.setQueryData(key, map(8, [seat(1, 'Whole'), seat(2)]));
          return jsonResponse(changes(3, [seat(1, 'Old')]));
        }
        return jsonResponse(changes(9, [seat(2, 'Newest')]));
      },
    });
    await followSeatChanges(queryClient, 3);
    expect(requests.map((request) => request.url.searchParams.get('since'))).toEqual(['1', '8']);
    // The changes read from version 1 were not laid over the newer map.
    expect(occupants(queryClient)).toEqual(['Whole', 'Newest']);
  });

  it('reads the whole map when the changes cannot be read', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(2, [seat(1)]));
    stubFetch({
      'GET /api/lans/3/seating/changes': () => problemResponse(500),
      'GET /api/lans/3/seating': () => jsonResponse(map(3, [seat(1, 'Fresh')])),
    });
    const unsubscribe = showMap(queryClient);
    await followSeatChanges(queryClient, 3);
    await vi.waitFor(() => expect(occupants(queryClient)).toEqual(['Fresh']));
    unsubscribe();
  });

  it('does nothing for a map nobody holds', async () => {
    const queryClient = new QueryClient();
    const { requests } = stubFetch({});
    await followSeatChanges(queryClient, 3);
    expect(requests).toEqual([]);
  });
});

describe('a held seat map following the seat events themselves', () => {
  const seatEvent = (seatId: number, occupantId: number | null | undefined) =>
    occupantId === undefined
      ? ({ kind: 'seat', lanId: 3, seatId } as const)
      : ({ kind: 'seat', lanId: 3, seatId, occupantId } as const);

  it('seats whom each event names, from the map’s people and occupants', () => {
    const held = map(7, [seat(1, 'Nick'), seat(2), seat(3)]);
    const { map: after, isComplete } = applySeatEvents(held, [
      seatEvent(2, 40),
      seatEvent(3, 10),
      seatEvent(1, null),
    ]);
    expect(isComplete).toBe(true);
    expect(after.seats.map((each) => each.occupant?.nickname ?? null)).toEqual([
      null,
      'Ada',
      'Nick',
    ]);
    expect(after.seats[1]?.occupant).toEqual(ada);
    expect(after.version).toBe(7);
  });

  it('says what it could not apply: a stranger, an unknown seat, an event without occupant', () => {
    const held = map(7, [seat(1), seat(2)]);
    for (const event of [seatEvent(1, 99), seatEvent(5, 40), seatEvent(2, undefined)])
      expect(applySeatEvents(held, [event]).isComplete).toBe(false);
    const mixed = applySeatEvents(held, [seatEvent(1, 40), seatEvent(2, 99)]);
    expect(mixed.isComplete).toBe(false);
    expect(mixed.map.seats.map((each) => each.occupant?.nickname ?? null)).toEqual(['Ada', null]);
  });

  it('asks nothing while the events name whom it knows, then once to be sure', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      queryClient.setQueryData(key, map(7, [seat(1), seat(2)]));
      const { requests } = stubFetch({
        'GET /api/lans/3/seating/changes': () => jsonResponse(changes(9, [seat(2, 'Bo')])),
      });
      await followSeatEvents(queryClient, 3, [seatEvent(1, 40)]);
      await followSeatEvents(queryClient, 3, [seatEvent(1, null), seatEvent(2, 40)]);
      expect(occupants(queryClient)).toEqual([null, 'Ada']);
      expect(requests).toEqual([]);
      await vi.advanceTimersByTimeAsync(seatSettleMs);
      expect(requests.map((request) => new URL(request.url).search)).toEqual(['?since=7']);
      expect(occupants(queryClient)).toEqual([null, 'Bo']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the changes for an event it cannot apply', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, map(7, [seat(1), seat(2)]));
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': () => jsonResponse(changes(8, [seat(2, 'Newcomer')])),
    });
    await followSeatEvents(queryClient, 3, [seatEvent(2, 77)]);
    expect(requests).toHaveLength(1);
    expect(occupants(queryClient)).toEqual([null, 'Newcomer']);
  });
});
