import type { Announcement } from '@lanparty/contract';
import { buildLan } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyResponse, jsonResponse, type StubbedRequest } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

const posts = (requests: StubbedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/lans/1/announcements');

describe('announcements on the admin lan screen', () => {
  it('posts one, pinned and to the chat, and lists it', async () => {
    let items: Announcement[] = [];
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/announcements': () => jsonResponse(items),
        'POST /api/lans/1/announcements': (request) => {
          const body = JSON.parse(String(request.body));
          items = [{ id: 4, lanId: 1, creationDate: '2099-12-04T20:00:00+01:00', ...body }];
          return jsonResponse(items[0], 201);
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Announcements' });
    const form = within(section).getByRole('form', { name: 'New announcement' });
    await user.type(within(form).getByLabelText('Text'), 'Finals at 20:00');
    expect(within(form).getByText('15 of 280 characters')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Pin it at the top'));
    await user.click(await within(form).findByLabelText('Also post to the chat'));
    await user.click(within(form).getByRole('button', { name: 'Post announcement' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(JSON.parse(String(posts(requests)[0]?.body))).toEqual({
      text: 'Finals at 20:00',
      pinned: true,
      toChat: true,
    });
    expect(await within(section).findByText('Finals at 20:00')).toBeInTheDocument();
    expect(within(form).getByLabelText('Text')).toHaveValue('');
    expect(within(form).getByText('Posted.')).toBeInTheDocument();
  });

  it('refuses an empty or too long text before sending anything', async () => {
    const { user, requests } = openAdminLan({ lan });
    const section = await screen.findByRole('region', { name: 'Announcements' });
    const form = within(section).getByRole('form', { name: 'New announcement' });
    await user.click(within(form).getByRole('button', { name: 'Post announcement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Text is required');
    await user.click(within(form).getByLabelText('Text'));
    await user.paste('x'.repeat(281));
    await user.click(within(form).getByRole('button', { name: 'Post announcement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Text cannot be more than 280 characters long',
    );
    expect(posts(requests)).toEqual([]);
  });

  it('deletes one after asking', async () => {
    let items: Announcement[] = [
      {
        id: 4,
        lanId: 1,
        text: 'Oops',
        pinned: false,
        toChat: false,
        creationDate: '2099-12-04T20:00:00+01:00',
      },
    ];
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/announcements': () => jsonResponse(items),
        'DELETE /api/lans/1/announcements/4': () => {
          items = [];
          return emptyResponse(204);
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Announcements' });
    await user.click(
      await within(section).findByRole('button', { name: 'Delete the announcement “Oops”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this announcement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByText('No announcements yet.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
