import type { Announcement } from '@lanparty/contract';
import { buildLan, buildPage } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

const announcement = (id: number, text: string, pinned = false): Announcement => ({
  id,
  lanId: lan.id,
  text,
  pinned,
  toChat: false,
  creationDate: `2099-12-04T2${id}:00:00+01:00`,
});

function openLanPage(read: () => Announcement[]) {
  stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => jsonResponse({ status: 404 }, 404),
    'GET /api/lans/1/schedule': () => jsonResponse([]),
    'GET /api/lans/1/announcements': () => jsonResponse(read()),
  });
  return renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
}

describe('announcements on a lan’s page', () => {
  it('lists them, pinned first, marked, with when', async () => {
    openLanPage(() => [
      announcement(2, 'Doors close at 02:00', true),
      announcement(3, 'Pizza!\nKitchen.'),
    ]);
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Doors close at 02:00Pinned · 04 Dec 2099, 22:00',
      'Pizza!\nKitchen.04 Dec 2099, 23:00',
    ]);
  });

  it('reads out one that comes while the page is open, politely, and not the ones already there', async () => {
    let items = [announcement(2, 'Welcome')];
    const { queryClient } = openLanPage(() => items);
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const live = document.querySelector('p.visually-hidden[aria-live="polite"]') as HTMLElement;
    expect(live).toHaveTextContent('');
    items = [announcement(3, 'Finals at 20:00'), ...items];
    void queryClient.invalidateQueries({ queryKey: lansKeys.announcements(1) });
    await within(region).findByText('Finals at 20:00');
    await waitFor(() => expect(live).toHaveTextContent('New announcement: Finals at 20:00'));
    // Nothing took the focus.
    expect(document.activeElement).toBe(document.body);
  });

  it('shows no list when there is none, and keeps the live region ready for the first', async () => {
    openLanPage(() => []);
    await screen.findByRole('article', { name: lan.name });
    await waitFor(() =>
      expect(document.querySelector('p.visually-hidden[aria-live="polite"]')).not.toBeNull(),
    );
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
