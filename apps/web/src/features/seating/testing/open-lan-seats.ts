import type { Seat, Seating, SeatSwap, UserProfile } from '@lanparty/contract';
import {
  buildLan,
  buildOccupant,
  buildPage,
  buildRow,
  buildSeating,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen } from '@testing-library/react';
import { jsonResponse, type StubbedRequest, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/*
 * A lan's page with its seats, as the seat board's tests open it: lan 1, the viewer
 * pixelpete (id 1), Nick of clan TAG (id 2) at A2, A3 blocked.
 */

export const me = buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });
export const nick = buildOccupant({
  userId: 2,
  nickname: 'Nick',
  clanId: 7,
  clanTag: 'TAG',
  clanColour: '#b5177d',
});
export const mine = buildOccupant({ userId: 1, nickname: 'pixelpete' });

/** A1 free, A2 Nick's, A3 blocked, A4 … A6 free. */
export const row = (changes: Record<string, Partial<Seat>> = {}) =>
  buildRow(6, { A2: { occupant: nick }, A3: { kind: 'blocked' }, ...changes });

type PageStubs = {
  seating?: () => Seating | Response;
  status?: 'Accepted' | 'Paid' | 'Pending' | null;
  swaps?: () => SeatSwap[];
  more?: Parameters<typeof stubFetch>[0];
};

/** Lan 1, the viewer (pixelpete, id 1) subscribed as told, its seating and their swaps. */
export function stubSeatsPage({
  seating,
  status = 'Accepted',
  swaps = () => [],
  more = {},
}: PageStubs) {
  const subscribers = [
    ...(status ? [buildSubscriber({ id: 11, status, user: me })] : []),
    buildSubscriber({ id: 12, status: 'Paid', user: buildUserPublic({ id: 2, nickname: 'Nick' }) }),
  ];
  return stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers })),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => {
      const answer = seating?.() ?? buildSeating({ seats: row() }, { width: 6, height: 1 });
      return answer instanceof Response ? answer : jsonResponse(answer);
    },
    'GET /api/lans/1/seat-swaps': () => jsonResponse(swaps()),
    // The page's other sections, empty: the seats are not told of their failures.
    'GET /api/lans/1/schedule': () => jsonResponse([]),
    'GET /api/lans/1/announcements': () => jsonResponse([]),
    'GET /api/lans/1/tournaments': () => jsonResponse([]),
    ...more,
  });
}

export const renderSeats = (profile: Partial<UserProfile> = {}) =>
  renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Lanner'], ...profile }) });

export const seatsRegion = () => screen.findByRole('region', { name: 'Seats' });
export const bodyOf = (request: StubbedRequest) => JSON.parse(String(request.body));
