import {
  buildLan,
  buildPage,
  buildPaymentDetails,
  buildSubscriber,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { stubPhoneScreen } from '../../../testing/phone-screen.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanAdmin = buildViewer({ roles: ['LanAdministrator'] });

function openLans(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/lans': () =>
      jsonResponse(
        buildPage([
          buildLan({
            id: 9,
            name: 'Summer Lan',
            isActive: false,
            startDate: '2025-07-11T18:00:00+02:00',
            endDate: '2025-07-13T18:00:00+02:00',
          }),
          buildLan({
            id: 7,
            subscribers: [
              buildSubscriber({ id: 1, status: 'Paid' }),
              buildSubscriber({ id: 2, status: 'Accepted' }),
              buildSubscriber({ id: 3, status: 'Pending' }),
            ],
          }),
        ]),
      ),
    'GET /api/settings/lan-defaults': () => jsonResponse({ lanPrice: 30, membersLanPrice: 25 }),
    'GET /api/settings/payment-details': () => jsonResponse(buildPaymentDetails()),
    ...answers,
  });
  return { ...stub, ...renderApp('/admin/lans', { viewer: lanAdmin }) };
}

describe('the lans screen', () => {
  it('lists every lan, inactive ones too, newest first, with the counts', async () => {
    const { requests } = openLans();
    const summer = await screen.findByRole('link', { name: 'Summer Lan' });
    expect(summer).toHaveAttribute('href', '/admin/lans/9');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('11 Jul 2025')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('2 / 10')).toBeInTheDocument();
    const query = requests.find((r) => r.url.pathname === '/api/lans')?.url.searchParams;
    expect(query?.get('include')).toBe('all');
    expect(query?.get('sort')).toBe('-start-date');
  });

  it('links to a new lan', async () => {
    openLans();
    expect(await screen.findByRole('link', { name: 'New lan' })).toHaveAttribute(
      'href',
      '/admin/lans/new',
    );
  });

  it('is closed to a lanner', async () => {
    const { router } = renderApp('/admin/lans', { viewer: buildViewer({ roles: ['Lanner'] }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('the lans screen on a phone', () => {
  beforeEach(() => {
    stubPhoneScreen();
  });

  it('shows a card per lan instead of a table that scrolls sideways', async () => {
    openLans();
    const list = await screen.findByRole('list', { name: 'Lans' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const summer = cards[0] as HTMLElement;
    expect(within(summer).getByRole('heading', { level: 3, name: 'Summer Lan' })).toBeVisible();
    expect(within(summer).getByRole('link', { name: 'Summer Lan' })).toHaveAttribute(
      'href',
      '/admin/lans/9',
    );
    expect(within(summer).getByText('Inactive')).toBeVisible();
    expect(within(summer).getByText('Dates').nextElementSibling).toHaveTextContent(
      '11 Jul 2025 – 13 Jul 2025',
    );
    const winter = cards[1] as HTMLElement;
    expect(within(winter).getByText('Lanners').nextElementSibling).toHaveTextContent('2 / 10');
    expect(within(winter).getByText('Pending').nextElementSibling).toHaveTextContent('1');
  });
});

describe('the lan defaults', () => {
  it('checks the prices and saves them', async () => {
    const { user, requests } = openLans({
      'PUT /api/settings/lan-defaults': (request) => jsonResponse(JSON.parse(String(request.body))),
    });
    const form = await screen.findByRole('form', { name: 'Lan defaults' });
    const members = within(form).getByLabelText('Members lan price');
    await user.clear(members);
    await user.type(members, '40');
    await user.tab();
    expect(
      await within(form).findByText('Members lan price must less than 30'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(members);
    await user.type(members, '27.5');
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(await within(form).findByText('The lan defaults are saved.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ lanPrice: 30, membersLanPrice: 27.5 });
  });

  it('shows a refusal of the server', async () => {
    const { user } = openLans({
      'PUT /api/settings/lan-defaults': () =>
        problemResponse(403, {
          title: 'Forbidden',
          detail: 'Only lan administrators set the lan defaults.',
        }),
    });
    const form = await screen.findByRole('form', { name: 'Lan defaults' });
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Only lan administrators set the lan defaults.',
    );
  });

  it('shows a 400 about a field the form does not have in its alert', async () => {
    const { user } = openLans({
      'PUT /api/settings/lan-defaults': () =>
        problemResponse(400, {
          title: 'Bad Request',
          detail: 'One or more fields are invalid.',
          errors: { body: ['Must not contain the NUL character (U+0000)'] },
        }),
    });
    const form = await screen.findByRole('form', { name: 'Lan defaults' });
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The lan defaults could not be saved: One or more fields are invalid. Body: Must not contain the NUL character (U+0000)',
    );
  });

  it('shows a 400 without field errors in its alert', async () => {
    const { user } = openLans({
      'PUT /api/settings/lan-defaults': () =>
        problemResponse(400, { title: 'Bad Request', detail: 'The body must be JSON.' }),
    });
    const form = await screen.findByRole('form', { name: 'Lan defaults' });
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The lan defaults could not be saved: The body must be JSON.',
    );
  });

  it('puts a 400 about its own field on that field, with no alert', async () => {
    const { user } = openLans({
      'PUT /api/settings/lan-defaults': () =>
        problemResponse(400, {
          title: 'Bad Request',
          detail: 'One or more fields are invalid.',
          errors: { lanPrice: ['Lan price is required'] },
        }),
    });
    const form = await screen.findByRole('form', { name: 'Lan defaults' });
    await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
    expect(await within(form).findByText('Lan price is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Lan price')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
