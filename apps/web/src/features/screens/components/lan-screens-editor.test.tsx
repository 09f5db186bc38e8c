import type { Screen } from '@lanparty/contract';
import { buildLan } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
} from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

const made = (requests: StubbedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/lans/1/screens');

const hallTv: Screen = {
  id: 3,
  lanId: 1,
  name: 'Hall TV',
  slides: ['schedule', 'seats'],
  rotationSeconds: 20,
  creationDate: '2099-12-04T17:00:00+01:00',
};

describe('screens on the admin lan screen (issue 35)', () => {
  it('makes a screen with the chosen slides and shows its link once', async () => {
    let items: Screen[] = [];
    const url = 'http://localhost:3000/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6sAbCdEfGhIjKlMnOp';
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/screens': () => jsonResponse(items),
        'POST /api/lans/1/screens': (request) => {
          const body = JSON.parse(String(request.body));
          items = [{ ...hallTv, ...body }];
          return jsonResponse({ ...items[0], url }, 201);
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Screens' });
    expect(await within(section).findByText('No screens yet.')).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'New screen' });
    await user.type(within(form).getByLabelText('Screen name'), 'Hall TV');
    await user.click(within(form).getByLabelText('Announcements'));
    await user.click(within(form).getByLabelText('Who is here'));
    const seconds = within(form).getByLabelText('Seconds per slide');
    await user.clear(seconds);
    await user.type(seconds, '20');
    await user.click(within(form).getByRole('button', { name: 'Make a screen link' }));
    await waitFor(() => expect(made(requests)).toHaveLength(1));
    expect(JSON.parse(String(made(requests)[0]?.body))).toEqual({
      name: 'Hall TV',
      slides: ['schedule', 'now-playing', 'seats', 'top-players', 'bracket'],
      rotationSeconds: 20,
    });
    expect(await within(section).findByLabelText('Link of Hall TV')).toHaveValue(url);
    expect(within(section).getByRole('link', { name: 'Open screen' })).toHaveAttribute('href', url);
    expect(
      await within(section).findByRole('button', { name: 'Switch off Hall TV' }),
    ).toBeInTheDocument();
  });

  it('names what is wrong before sending anything', async () => {
    const { user, requests } = openAdminLan({ lan });
    const section = await screen.findByRole('region', { name: 'Screens' });
    const form = within(section).getByRole('form', { name: 'New screen' });
    for (const slide of [
      'Now and next on the schedule',
      'Announcements',
      'Now playing',
      'Seat map',
      'Who is here',
      'Top players so far',
      'Tournament: next matches and results',
    ])
      await user.click(within(form).getByLabelText(slide));
    const seconds = within(form).getByLabelText('Seconds per slide');
    await user.clear(seconds);
    await user.type(seconds, '2');
    await user.click(within(form).getByRole('button', { name: 'Make a screen link' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one slide')).toBeInTheDocument();
    expect(within(form).getByText('Seconds per slide must be at least 5')).toBeInTheDocument();
    expect(within(form).getByLabelText('Screen name')).toHaveAttribute('aria-invalid', 'true');
    expect(made(requests)).toEqual([]);
  });

  it('switches a screen off after asking, and says so when it fails', async () => {
    let isDown = false;
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/screens': () => jsonResponse([hallTv]),
        'DELETE /api/lans/1/screens/3': () =>
          isDown ? problemResponse(500, { detail: 'Down.' }) : emptyResponse(),
      },
    });
    const section = await screen.findByRole('region', { name: 'Screens' });
    expect(
      await within(section).findByText(/Now and next on the schedule · Seat map; each 20 s/),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Switch off Hall TV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off Hall TV?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1),
    );
    isDown = true;
    await user.click(within(section).getByRole('button', { name: 'Switch off Hall TV' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Switch off Hall TV?' })).getByRole(
        'button',
        { name: 'Switch off' },
      ),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The screen was not switched off',
    );
  });
});
