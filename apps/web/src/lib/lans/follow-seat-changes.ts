import type { SeatChanges, SeatEvent, Seating, SeatOccupant } from '@lanparty/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/*
 * An open seat map following `seat` events (issue 34). Loaded by the live updates when such
 * an event comes, not with the first screen: only a page with a seat map has use for it.
 */

/** How long after the last seat event a map applied by itself asks what changed, to be sure. */
export const seatSettleMs = 2000;

/**
 * A held map with seat events applied: each seat as its event says (who sits there now,
 * named from the map's people and occupants). `isComplete` is false when an event could
 * not be applied — a seat or a person the map does not know, an event without its
 * occupant (an older server): the changes are then read.
 */
export function applySeatEvents(
  map: Seating,
  events: readonly SeatEvent[],
): { map: Seating; isComplete: boolean } {
  const people = new Map<number, SeatOccupant>();
  for (const person of map.people) people.set(person.userId, person);
  for (const seat of map.seats) if (seat.occupant) people.set(seat.occupant.userId, seat.occupant);
  const seatIds = new Set(map.seats.map((seat) => seat.id));
  const told = new Map<number, SeatOccupant | null>();
  let isComplete = true;
  for (const event of events) {
    const occupant = event.occupantId === null ? null : people.get(event.occupantId ?? Number.NaN);
    if (occupant === undefined || !seatIds.has(event.seatId)) isComplete = false;
    else told.set(event.seatId, occupant);
  }
  if (told.size === 0) return { map, isComplete };
  return {
    map: {
      ...map,
      seats: map.seats.map((seat) =>
        told.has(seat.id) ? { ...seat, occupant: told.get(seat.id) ?? null } : seat,
      ),
    },
    isComplete,
  };
}

/** A held map with changes applied: the changed seats as they are now, the new version. */
export function applySeatChanges(map: Seating, changes: SeatChanges): Seating {
  if (changes.seats.length === 0) return { ...map, version: changes.version };
  const changed = new Map(changes.seats.map((seat) => [seat.id, seat]));
  return {
    ...map,
    version: changes.version,
    seats: map.seats.map((seat) => changed.get(seat.id) ?? seat),
  };
}

const isReading = (queryClient: QueryClient, queryKey: QueryKey) =>
  queryClient.isFetching({ queryKey, exact: true }) > 0;

/** Resolves once no whole read of the query is under way. */
function readsSettled(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  if (!isReading(queryClient, queryKey)) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (isReading(queryClient, queryKey)) return;
      stop();
      resolve();
    });
  });
}

/**
 * Brings a held map up to date with what changed since its version. A whole read under
 * way is waited for (it may have begun before the change), and when one lands while the
 * changes are read, the changes are read again from it: a map only ever moves forward.
 */
async function catchUp(queryClient: QueryClient, lanId: number): Promise<void> {
  const queryKey = lansKeys.seating(lanId);
  for (;;) {
    await readsSettled(queryClient, queryKey);
    const held = queryClient.getQueryData<Seating>(queryKey);
    if (!held) return; // No map shown: it is read whole when it is.
    const changes = await apiRequest<SeatChanges>(`/api/lans/${lanId}/seating/changes`, {
      query: { since: held.version },
    });
    if (changes.planChanged) {
      await queryClient.invalidateQueries({ queryKey, exact: true });
      return;
    }
    if (queryClient.getQueryData(queryKey) !== held) continue;
    queryClient.setQueryData(queryKey, applySeatChanges(held, changes));
    if (!isReading(queryClient, queryKey)) return;
  }
}

type Follower = {
  isRunning: boolean;
  isAskedAgain: boolean;
  settle: ReturnType<typeof setTimeout> | undefined;
};
const followers = new WeakMap<QueryClient, Map<number, Follower>>();

/**
 * After `seat` events of a lan: its held map follows the picks, moves and frees with the
 * seats that changed (GET …/seating/changes), not the whole map again, so the map of a
 * thousand-seat hall stays a small read however fast people pick. One read at a time per
 * lan; events meanwhile ask for one more after it. Should the changes fail to come, the
 * map is read whole.
 */
function followerOf(queryClient: QueryClient, lanId: number): Follower {
  let byLan = followers.get(queryClient);
  if (!byLan) {
    byLan = new Map();
    followers.set(queryClient, byLan);
  }
  let follower = byLan.get(lanId);
  if (!follower) {
    follower = { isRunning: false, isAskedAgain: false, settle: undefined };
    byLan.set(lanId, follower);
  }
  return follower;
}

export function followSeatChanges(queryClient: QueryClient, lanId: number): Promise<void> {
  const follower = followerOf(queryClient, lanId);
  if (follower.isRunning) {
    follower.isAskedAgain = true;
    return Promise.resolve();
  }
  const running = follower;
  running.isRunning = true;
  return (async () => {
    try {
      do {
        running.isAskedAgain = false;
        await catchUp(queryClient, lanId);
      } while (running.isAskedAgain);
    } catch {
      await queryClient.invalidateQueries({ queryKey: lansKeys.seating(lanId), exact: true });
    } finally {
      running.isRunning = false;
    }
  })();
}

/**
 * After `seat` events of a lan whose map this tab holds: the map shows each pick, move and
 * free the moment it hears of it, from the event alone (who sits there now, by id, named
 * from the map's people) — a thousand open maps ask the server nothing while hundreds pick.
 * What it cannot apply by itself, or while a read is under way (it may have begun before
 * the events), it reads (followSeatChanges). And once the events stop for `seatSettleMs`,
 * it reads what changed since its version once, to be sure: events of two commits at the
 * same moment can come in another order than the commits.
 */
export function followSeatEvents(
  queryClient: QueryClient,
  lanId: number,
  events: readonly SeatEvent[],
): Promise<void> {
  const queryKey = lansKeys.seating(lanId);
  const held = queryClient.getQueryData<Seating>(queryKey);
  if (!held) return Promise.resolve();
  const follower = followerOf(queryClient, lanId);
  clearTimeout(follower.settle);
  follower.settle = setTimeout(() => {
    follower.settle = undefined;
    void followSeatChanges(queryClient, lanId);
  }, seatSettleMs);
  const applied = applySeatEvents(held, events);
  if (applied.map !== held) queryClient.setQueryData(queryKey, applied.map);
  if (applied.isComplete && !follower.isRunning && !isReading(queryClient, queryKey))
    return Promise.resolve();
  return followSeatChanges(queryClient, lanId);
}
