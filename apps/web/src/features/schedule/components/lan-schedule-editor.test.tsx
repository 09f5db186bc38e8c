import type { ScheduleItem } from '@lanparty/contract';
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

/** Lan 1 runs 4–6 Dec 2099 in the community's zone (Europe/Amsterdam, +01:00 then). */
const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

const pizza: ScheduleItem = {
  id: 5,
  lanId: 1,
  startDate: '2099-12-04T20:00:00+01:00',
  endDate: '2099-12-04T21:00:00+01:00',
  title: 'Pizza',
  place: 'Kitchen',
  kind: 'food',
};

const scheduleSection = () => screen.findByRole('region', { name: 'Schedule' });
const writes = (requests: StubbedRequest[], method: string) =>
  requests.filter((r) => r.method === method && r.url.pathname.startsWith('/api/lans/1/schedule'));

describe('the schedule on the admin lan screen', () => {
  it('adds an item on the community’s clocks, and reads the schedule again', async () => {
    let items: ScheduleItem[] = [];
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/schedule': () => jsonResponse(items),
        'POST /api/lans/1/schedule': (request) => {
          const body = JSON.parse(String(request.body));
          items = [{ ...pizza, ...body, id: 6 }];
          return jsonResponse(items[0], 201);
        },
      },
    });
    const section = await scheduleSection();
    expect(await within(section).findByText('Nothing on the schedule yet.')).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Add to the schedule' });
    const starts = within(form).getByLabelText('Starts');
    await user.clear(starts);
    await user.type(starts, '2099-12-05T12:30');
    await user.type(within(form).getByLabelText('Title'), 'Rocket League cup');
    await user.type(within(form).getByLabelText('Place'), 'Stage');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Tournament');
    await user.click(within(form).getByRole('button', { name: 'Add to schedule' }));

    await waitFor(() => expect(writes(requests, 'POST')).toHaveLength(1));
    expect(JSON.parse(String(writes(requests, 'POST')[0]?.body))).toEqual({
      startDate: '2099-12-05T12:30:00+01:00',
      endDate: null,
      title: 'Rocket League cup',
      place: 'Stage',
      kind: 'tournament',
    });
    expect(await within(section).findByText('Rocket League cup')).toBeInTheDocument();
    // Ready for the next item: the title is empty again.
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it('shows the server’s refusal on its field, and keeps what was typed', async () => {
    const { user } = openAdminLan({
      lan,
      answers: {
        'POST /api/lans/1/schedule': () =>
          problemResponse(400, {
            detail: 'The item does not fall within the lan.',
            errors: {
              startDate: [
                'Start date must fall within the lan (4 Dec 2099, 18:00 – 6 Dec 2099, 18:00)',
              ],
            },
          }),
      },
    });
    const section = await scheduleSection();
    const form = await within(section).findByRole('form', { name: 'Add to the schedule' });
    await user.type(within(form).getByLabelText('Title'), 'Too early');
    await user.click(within(form).getByRole('button', { name: 'Add to schedule' }));
    expect(
      await within(form).findByText(
        'Start date must fall within the lan (4 Dec 2099, 18:00 – 6 Dec 2099, 18:00)',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Starts')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Title')).toHaveValue('Too early');
  });

  it('checks an end before the start before sending anything', async () => {
    const { user, requests } = openAdminLan({ lan });
    const section = await scheduleSection();
    const form = await within(section).findByRole('form', { name: 'Add to the schedule' });
    await user.type(within(form).getByLabelText('Title'), 'Backwards');
    await user.type(within(form).getByLabelText('Ends'), '2099-12-04T17:00');
    await user.click(within(form).getByRole('button', { name: 'Add to schedule' }));
    expect(
      await within(form).findByText('End date cannot be before Start date'),
    ).toBeInTheDocument();
    expect(writes(requests, 'POST')).toEqual([]);
  });

  it('changes an item, and removes one after asking', async () => {
    let items = [pizza];
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/schedule': () => jsonResponse(items),
        'PUT /api/lans/1/schedule/5': (request) => {
          items = [{ ...pizza, ...JSON.parse(String(request.body)) }];
          return jsonResponse(items[0]);
        },
        'DELETE /api/lans/1/schedule/5': () => {
          items = [];
          return emptyResponse(204);
        },
      },
    });
    const section = await scheduleSection();
    await user.click(await within(section).findByRole('button', { name: 'Change Pizza' }));
    const form = within(section).getByRole('form', { name: 'Change Pizza' });
    expect(within(form).getByLabelText('Starts')).toHaveValue('2099-12-04T20:00');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Pizza and salad');
    await user.click(within(form).getByRole('button', { name: 'Save item' }));
    expect(await within(section).findByText('Pizza and salad')).toBeInTheDocument();
    expect(JSON.parse(String(writes(requests, 'PUT')[0]?.body))).toMatchObject({
      title: 'Pizza and salad',
      startDate: '2099-12-04T20:00:00+01:00',
      endDate: '2099-12-04T21:00:00+01:00',
    });

    await user.click(within(section).getByRole('button', { name: 'Remove Pizza and salad' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Pizza and salad?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('Nothing on the schedule yet.')).toBeInTheDocument();
    expect(writes(requests, 'DELETE')).toHaveLength(1);
  });
});
