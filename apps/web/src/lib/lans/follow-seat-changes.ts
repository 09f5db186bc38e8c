import type { SeatChanges, Seating } from '@lanparty/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/*
 * An open seat map following `seat` events (issue 34). Loaded by the live updates when such
 * an event comes, not with the first screen: only a page with a seat map has use for it.
 */

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

type Follower = { isRunning: boolean; isAskedAgain: boolean };
const followers = new WeakMap<QueryClient, Map<number, Follower>>();

/**
 * After `seat` events of a lan: its held map follows the picks, moves and frees with the
 * seats that changed (GET …/seating/changes), not the whole map again, so the map of a
 * thousand-seat hall stays a small read however fast people pick. One read at a time per
 * lan; events meanwhile ask for one more after it. Should the changes fail to come, the
 * map is read whole.
 */
export function followSeatChanges(queryClient: QueryClient, lanId: number): Promise<void> {
  let byLan = followers.get(queryClient);
  if (!byLan) {
    byLan = new Map();
    followers.set(queryClient, byLan);
  }
  let follower = byLan.get(lanId);
  if (!follower) {
    follower = { isRunning: false, isAskedAgain: false };
    byLan.set(lanId, follower);
  }
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
