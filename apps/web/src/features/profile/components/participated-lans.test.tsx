import { buildPage, buildSubscriber } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

describe('Participated Lans', () => {
  it('lists a lanner’s lans newest first, linking to each, with status and presence', async () => {
    const lan = (id: number, startDate: string) => ({
      id,
      name: `Lan ${id}`,
      startDate,
      endDate: startDate,
    });
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
});
