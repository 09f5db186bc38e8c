import { buildPage, buildSubscriber } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/** The lan of a subscription, named after its id, over when it starts. */
const lan = (id: number, startDate: string) => ({
  id,
  name: `Lan ${id}`,
  startDate,
  endDate: startDate,
});

describe('Participated Lans', () => {
  it('lists a lanner’s lans newest first, linking to each, with status and presence', async () => {
    stubFetch({
      'GET /api/users/me/subscriptions': () =>
        jsonResponse(
          buildPage([
            buildSubscriber({
              id: 1,
              status: 'Paid',
              present: false,
              lan: lan(1, '2024-01-05T17:00:00Z'),
            }),
            buildSubscriber({ id: 2, status: 'Pending', lan: lan(2, '2025-03-07T17:00:00Z') }),
          ]),
        ),
    });
    renderApp('/profile', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
    const section = (await screen.findByRole('heading', { name: 'Participated Lans' })).closest(
      'section',
    ) as HTMLElement;
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/lans/2', '/lans/1']);
    expect(within(section).getByText('Pending')).toBeInTheDocument();
    expect(within(section).getByText('absent')).toBeInTheDocument();
  });

  it('shows a Paid lan’s presence before it has started too (spec §4, issue 50)', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    stubFetch({
      'GET /api/users/me/subscriptions': () =>
        jsonResponse(
          buildPage([
            buildSubscriber({
              id: 5,
              status: 'Paid',
              present: null,
              lan: {
                id: 5,
                name: 'Lan 5',
                startDate: `${nextYear}-03-07T17:00:00Z`,
                endDate: `${nextYear}-03-09T17:00:00Z`,
              },
            }),
          ]),
        ),
    });
    renderApp('/profile', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
    const section = (await screen.findByRole('heading', { name: 'Participated Lans' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findByText('Paid')).toBeInTheDocument();
    expect(within(section).getByText('unknown')).toBeInTheDocument();
  });

  it('orders by the moment a lan starts, not by its text, whatever offset it is written with', async () => {
    stubFetch({
      'GET /api/users/me/subscriptions': () =>
        jsonResponse(
          buildPage([
            // 00:30 in Amsterdam is 23:30 UTC the day before: earlier than lan 4 as a moment,
            // later as text.
            buildSubscriber({
              id: 3,
              status: 'Paid',
              lan: lan(3, '2025-03-30T00:30:00.000+01:00'),
            }),
            buildSubscriber({ id: 4, status: 'Paid', lan: lan(4, '2025-03-29T23:45:00.000Z') }),
          ]),
        ),
    });
    renderApp('/profile', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
    const section = (await screen.findByRole('heading', { name: 'Participated Lans' })).closest(
      'section',
    ) as HTMLElement;
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/lans/4', '/lans/3']);
  });
});
