import { buildLan, buildLanDraft } from '@lanparty/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanAdmin = buildViewer({ roles: ['LanAdministrator'] });

function openNewLan(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/lans/defaults': () => jsonResponse(buildLanDraft()),
    ...answers,
  });
  return { ...stub, ...renderApp('/admin/lans/new', { viewer: lanAdmin }) };
}

function setDateTime(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('a new lan', () => {
  it('starts from the defaults of the server', async () => {
    openNewLan();
    const form = await screen.findByRole('form', { name: 'New lan' });
    expect(within(form).getByLabelText('Price')).toHaveValue(30);
    expect(within(form).getByLabelText('Members price')).toHaveValue(25);
    expect(within(form).getByLabelText('Maximum subcribers')).toHaveValue(0);
    expect(within(form).getByLabelText(/^Active/)).not.toBeChecked();
  });

  it('shows a message once a field is touched, and all of them on submit', async () => {
    const { user, requests } = openNewLan();
    await screen.findByRole('form', { name: 'New lan' });
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Maximum subcribers'), '5000');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Maximum subcribers must less than 1000')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says the end must be after the start', async () => {
    const { user, requests } = openNewLan();
    await screen.findByRole('form', { name: 'New lan' });
    setDateTime('Start date', '2025-03-16T18:00');
    setDateTime('End date', '2025-03-14T18:00');
    expect(await screen.findByText('End date must after Start date')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('posts the lan with its dates in ISO with the offset, then opens it', async () => {
    const created = buildLan({ id: 12, name: 'Spring Lan' });
    const { user, requests, router } = openNewLan({
      'POST /api/lans': () => jsonResponse(created, 201),
      'GET /api/lans/12': () => jsonResponse(created),
      'HEAD /api/assets/lan-12': () => new Response(null, { status: 404 }),
    });
    await screen.findByRole('form', { name: 'New lan' });
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    await user.type(screen.getByLabelText('Description'), 'Bring a chair.');
    setDateTime('Start date', '2025-04-04T19:30');
    setDateTime('End date', '2025-04-06T17:00');
    await user.clear(screen.getByLabelText('Maximum subcribers'));
    await user.type(screen.getByLabelText('Maximum subcribers'), '24');
    await user.clear(screen.getByLabelText('Members price'));
    await user.type(screen.getByLabelText('Members price'), '22.5');
    await user.click(screen.getByLabelText(/^Active/));
    await user.click(screen.getByRole('button', { name: 'Create lan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans/12'));
    const post = requests.find((request) => request.method === 'POST');
    const body = JSON.parse(String(post?.body));
    expect(body).toEqual({
      name: 'Spring Lan',
      description: 'Bring a chair.',
      startDate: expect.stringMatching(/^2025-04-04T19:30:00[+-]\d{2}:\d{2}$/),
      endDate: expect.stringMatching(/^2025-04-06T17:00:00[+-]\d{2}:\d{2}$/),
      isActive: true,
      maximumSubcribers: 24,
      price: 30,
      membersPrice: 22.5,
    });
    // The offset is the browser's own for that moment.
    expect(Date.parse(body.startDate)).toBe(new Date('2025-04-04T19:30').getTime());
  });

  it('puts the field errors of the server on their fields', async () => {
    const { user } = openNewLan({
      'POST /api/lans': () =>
        problemResponse(400, {
          title: 'Invalid input',
          errors: {
            name: ['Name is already used'],
            membersPrice: ['Members price must less than 30'],
          },
        }),
    });
    await screen.findByRole('form', { name: 'New lan' });
    await user.type(screen.getByLabelText('Name'), 'Winter Lan 2025');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Create lan' }));
    expect(await screen.findByText('Name is already used')).toBeInTheDocument();
    expect(screen.getByText('Members price must less than 30')).toBeInTheDocument();
    expect(screen.getByLabelText('Members price')).toHaveAttribute('aria-invalid', 'true');
  });
});
