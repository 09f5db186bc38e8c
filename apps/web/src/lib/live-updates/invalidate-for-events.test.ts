import { buildSeating } from '@lanparty/contract/testing';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { clansKeys } from '../clans/clans-query-keys.ts';
import { lansKeys } from '../lans/lans-query-keys.ts';
import { usersKeys } from '../users/users-query-keys.ts';
import { invalidateForEvents } from './invalidate-for-events.ts';
import type { LiveEvent } from './live-events.ts';

// The admin and stats keys as their features spell them (shared code imports no feature).
const cached: Record<string, QueryKey> = {
  upcoming: lansKeys.upcoming('2026-11-24'),
  past: lansKeys.past('2026-11-24'),
  everything: lansKeys.everything(),
  lan3: lansKeys.detail(3),
  lan4: lansKeys.detail(4),
  participants3: [...lansKeys.all, 'participants', 3],
  participants4: [...lansKeys.all, 'participants', 4],
  seating3: lansKeys.seating(3),
  seating4: lansKeys.seating(4),
  messages3: ['admin-lans', 'messages', 3],
  me: usersKeys.me(),
  mySubscriptions: usersKeys.mySubscriptions(),
  mySeatSwaps: usersKeys.mySeatSwaps(3),
  syncStatus: usersKeys.syncStatus(),
  playtimeStatus: usersKeys.playtimeStatus(),
  lanners: usersKeys.list({ roles: ['Lanner'] }),
  user9: usersKeys.detail(9),
  user10: usersKeys.detail(10),
  leaderboard: ['stats', 'months'],
  clans: clansKeys.list({ offset: 0, limit: 20 }),
  clan5: clansKeys.detail(5),
};

/** Which of the cached queries an event marks to refetch. */
async function touchedBy(event: LiveEvent): Promise<string[]> {
  const queryClient = new QueryClient();
  for (const key of Object.values(cached))
    queryClient.setQueryData(key, key[1] === 'seating' ? buildSeating() : {});
  await invalidateForEvents(queryClient, [event]);
  return Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('what a live update refetches', () => {
  it('a lan (or its banner): that lan, its participants, and the lists', async () => {
    expect(await touchedBy({ kind: 'lan', lanId: 3 })).toEqual(
      ['everything', 'lan3', 'participants3', 'past', 'seating3', 'upcoming'].sort(),
    );
  });

  it("a subscriber: that lan, its participants, the lists and the viewer's subscriptions", async () => {
    expect(await touchedBy({ kind: 'subscriber', lanId: 4, subscriberId: 8 })).toEqual(
      [
        'everything',
        'lan4',
        'mySubscriptions',
        'participants4',
        'past',
        'seating4',
        'upcoming',
      ].sort(),
    );
  });

  it('the viewer (or their avatar, a seat swap): their profile and roles, the user lists and their seat swaps', async () => {
    expect(await touchedBy({ kind: 'user', userId: 9 })).toEqual(
      ['lanners', 'me', 'mySeatSwaps', 'user9'].sort(),
    );
  });

  it('what anyone sees of a user (their history hidden, a role): the user lists and that user, not the viewer', async () => {
    expect(await touchedBy({ kind: 'lanner', userId: 10 })).toEqual(['lanners', 'user10']);
  });

  it('a clan: the clans, the viewer, users and lans (their tags), but not the Steam sync', async () => {
    expect(await touchedBy({ kind: 'clan', clanId: 5 })).toEqual(
      [
        'clan5',
        'clans',
        'everything',
        'lan3',
        'lan4',
        'lanners',
        'me',
        'participants3',
        'participants4',
        'past',
        'seating3',
        'seating4',
        'upcoming',
        'user10',
        'user9',
      ].sort(),
    );
  });

  it('a screen made or switched off: the screens listed and the screen shown, nothing else', async () => {
    expect(await touchedBy({ kind: 'screen', lanId: 3 })).toEqual([]);
    // The screens of a lan (admin) and a screen's own view, as their features spell them.
    const queryClient = new QueryClient();
    const screens: QueryKey = ['lans', 'screen', 3];
    const view: QueryKey = ['lans', 'screen', 'a-screen-token'];
    for (const key of [screens, view, lansKeys.detail(3)]) queryClient.setQueryData(key, {});
    await invalidateForEvents(queryClient, [{ kind: 'screen', lanId: 3 }]);
    expect(queryClient.getQueryState(screens)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(view)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(lansKeys.detail(3))?.isInvalidated).toBe(false);
  });

  it('a resync: everything', async () => {
    expect(await touchedBy({ kind: 'resync' })).toEqual(Object.keys(cached).sort());
  });

  it('a seat: that lan’s participants (its map follows the event); a plan: its map and participants', async () => {
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': () =>
        jsonResponse({ version: 1, planChanged: false, seats: [] }),
    });
    // An event the map cannot apply by itself (no such seat on it): it reads the changes.
    expect(await touchedBy({ kind: 'seat', lanId: 3, seatId: 99, occupantId: null })).toEqual([
      'participants3',
    ]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(await touchedBy({ kind: 'seating', lanId: 4 })).toEqual(
      ['participants4', 'seating4'].sort(),
    );
  });
  it('seats changed together: that lan’s participants, its map following each seat', async () => {
    const { requests } = stubFetch({
      'GET /api/lans/3/seating/changes': () =>
        jsonResponse({ version: 1, planChanged: false, seats: [] }),
    });
    expect(
      await touchedBy({
        kind: 'seats',
        lanId: 3,
        seats: [
          [99, null],
          [98, 5],
        ],
      }),
    ).toEqual(['participants3']);
    // Seats the map does not hold: it reads the changes, once for the run.
    await vi.waitFor(() => expect(requests).toHaveLength(1));
  });
});

describe('a read under way when events come', () => {
  it('finishes, and the query is read once more after it, never cancelled', async () => {
    const queryClient = new QueryClient();
    const key = lansKeys.seating(3);
    const reads: Array<(value: number) => void> = [];
    let started = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        started += 1;
        return new Promise<number>((resolve) => reads.push(resolve));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(started).toBe(1));
    const done = invalidateForEvents(queryClient, [{ kind: 'seating', lanId: 3 }]);
    // Not cancelled and begun again: the first read goes on.
    expect(started).toBe(1);
    reads[0]?.(1);
    // Its answer is shown (a cancelled read's would not be), then the query reads again.
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toBe(1));
    await vi.waitFor(() => expect(started).toBe(2));
    reads[1]?.(2);
    await done;
    expect(queryClient.getQueryData(key)).toBe(2);
    expect(observer.getCurrentResult().status).toBe('success');
    unsubscribe();
  });
});
