import type { ScheduleItem } from '@lanparty/contract';
import { buildLan, buildPage } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/** Lan 1 runs 4–6 Dec 2099 (17:00 UTC, 18:00 in the community's zone). */
const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

let nextId = 1;
const item = (
  startDate: string,
  title: string,
  fields: Partial<ScheduleItem> = {},
): ScheduleItem => ({
  id: nextId++,
  lanId: lan.id,
  startDate,
  endDate: null,
  title,
  place: null,
  kind: 'other',
  ...fields,
});

const schedule = [
  item('2099-12-04T18:00:00+01:00', 'Doors open', {
    endDate: '2099-12-04T19:00:00+01:00',
    place: 'Entrance',
  }),
  item('2099-12-04T20:00:00+01:00', 'Free play', { kind: 'game' }),
  item('2099-12-05T12:00:00+01:00', 'Rocket League cup', {
    kind: 'tournament',
    endDate: '2099-12-05T16:00:00+01:00',
    place: 'Stage',
  }),
  item('2099-12-05T13:00:00+01:00', 'Lunch', {
    kind: 'food',
    endDate: '2099-12-05T14:00:00+01:00',
  }),
];

function openLanPage(items: ScheduleItem[] = schedule) {
  stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => jsonResponse({ status: 404 }, 404),
    'GET /api/lans/1/schedule': () => jsonResponse(items),
  });
  return renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
}

const scheduleRegion = () => screen.findByRole('region', { name: 'Schedule' });

afterEach(() => {
  vi.useRealTimers();
});

describe('the schedule on a lan’s page', () => {
  it('lists the whole schedule by day before the lan, each item with its times, kind and place', async () => {
    openLanPage();
    const region = await scheduleRegion();
    expect(
      within(region)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['04 Dec 2099', '05 Dec 2099']);
    expect(within(region).queryByRole('heading', { name: 'Now' })).not.toBeInTheDocument();
    const lines = within(region)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      '18:00–19:00Doors openOther · Entrance',
      '20:00Free playGame',
      '12:00–16:00Rocket League cupTournament · Stage',
      '13:00–14:00LunchFood',
    ]);
  });

  it('lists the whole schedule unfolded while the lan runs: now and next are at the top of the page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-12-05T13:30:00+01:00'));
    openLanPage();
    const region = await scheduleRegion();
    expect(region).toHaveAttribute('id', 'schedule');
    expect(within(region).getAllByRole('listitem')).toHaveLength(4);
    expect(within(region).queryByRole('heading', { name: 'Now' })).not.toBeInTheDocument();
    const top = await screen.findByRole('region', { name: 'Happening now' });
    const now = within(top).getByRole('heading', { name: 'Now' }).parentElement as HTMLElement;
    expect(
      within(now)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['12:00–16:00Rocket League cupTournament · Stage', '13:00–14:00LunchFood']);
    const next = within(top).getByRole('heading', { name: 'Next' }).parentElement as HTMLElement;
    expect(within(next).getByText('Nothing more on the schedule.')).toBeInTheDocument();
  });

  it('shows nothing when the lan has no schedule', async () => {
    openLanPage([]);
    await screen.findByRole('article', { name: lan.name });
    expect(screen.queryByRole('region', { name: 'Schedule' })).not.toBeInTheDocument();
  });
});
