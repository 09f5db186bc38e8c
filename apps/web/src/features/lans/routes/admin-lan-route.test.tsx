import type { Lan } from '@lanparty/contract';
import { buildLan, buildSubscriber } from '@lanparty/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  type stubFetch,
} from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';
import { stubUploads, type UploadAnswer } from '../../../testing/xhr-stub.ts';

// The participants and the messages of this screen have their own test files.
function openLan(lan = buildLan(), answers: Parameters<typeof stubFetch>[0] = {}) {
  return openAdminLan({ lan, answers });
}

describe('editing a lan', () => {
  it('shows every field of the lan, the invoice of the location too', async () => {
    openLan(buildLan({ locationInvoiceNumber: 'INV-2025-01', locationIsPayed: true }));
    const form = await screen.findByRole('form', { name: 'Lan details' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Winter Lan');
    expect(within(form).getByLabelText('Location invoice number')).toHaveValue('INV-2025-01');
    expect(within(form).getByLabelText('Location is paid')).toBeChecked();
    expect(within(form).getByLabelText('Maximum subscribers')).toHaveValue(10);
  });

  it('shows the location, and clearing both its fields removes it', async () => {
    const lan = buildLan({ location: { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' } });
    const { user, requests } = openLan(lan, {
      'PUT /api/lans/1': (request) => jsonResponse({ ...lan, ...JSON.parse(String(request.body)) }),
    });
    const form = await screen.findByRole('form', { name: 'Lan details' });
    expect(within(form).getByLabelText('Venue')).toHaveValue('De Brug');
    expect(within(form).getByLabelText('Address')).toHaveValue('Kerkstraat 12, Utrecht');
    await user.clear(within(form).getByLabelText('Venue'));
    await user.clear(within(form).getByLabelText('Address'));
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(await screen.findByText('The lan is saved.')).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')?.body));
    expect(body.location).toBeNull();
    expect(within(form).getByLabelText('Venue')).toHaveValue('');
  });

  it('moves the lan to another venue, and will not save one without its address', async () => {
    const lan = buildLan({ location: { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' } });
    const { user, requests } = openLan(lan, {
      'PUT /api/lans/1': (request) => jsonResponse({ ...lan, ...JSON.parse(String(request.body)) }),
    });
    const form = await screen.findByRole('form', { name: 'Lan details' });
    const venue = within(form).getByLabelText('Venue');
    const address = within(form).getByLabelText('Address');
    await user.clear(venue);
    await user.type(venue, 'Sporthal Noord');
    await user.clear(address);
    await user.tab();
    expect(await within(form).findByText('Address is required')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(address, ' Zuilenstraat 3, Utrecht ');
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(await screen.findByText('The lan is saved.')).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')?.body));
    expect(body.location).toEqual({ name: 'Sporthal Noord', address: 'Zuilenstraat 3, Utrecht' });
  });

  it('says the end must be after the start and saves nothing', async () => {
    const { user, requests } = openLan();
    const form = await screen.findByRole('form', { name: 'Lan details' });
    const end = within(form).getByLabelText('End date');
    fireEvent.change(end, { target: { value: '2025-01-10T12:00' } });
    fireEvent.blur(end);
    expect(await within(form).findByText('End date must after Start date')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('sends the whole lan with the id and the location invoice', async () => {
    const lan = buildLan();
    const { user, requests } = openLan(lan, {
      'PUT /api/lans/1': (request) => jsonResponse({ ...lan, ...JSON.parse(String(request.body)) }),
    });
    const form = await screen.findByRole('form', { name: 'Lan details' });
    await user.type(within(form).getByLabelText('Location invoice number'), 'INV-9');
    await user.click(within(form).getByLabelText('Location is paid'));
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(await screen.findByText('The lan is saved.')).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')?.body));
    expect(body).toMatchObject({
      id: 1,
      name: 'Winter Lan',
      locationInvoiceNumber: 'INV-9',
      locationIsPayed: true,
      maximumSubcribers: 10,
    });
    expect(Date.parse(body.startDate)).toBe(Date.parse(lan.startDate));
  });

  it('activates an inactive lan', async () => {
    const lan = buildLan({ isActive: false });
    const { user, requests } = openLan(lan, {
      'PUT /api/lans/1': () => jsonResponse({ ...lan, isActive: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')?.body));
    expect(body).toMatchObject({ id: 1, isActive: true, startDate: lan.startDate });
  });

  it('keeps the location when activating', async () => {
    const location = { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' };
    const lan = buildLan({ isActive: false, location });
    const { user, requests } = openLan(lan, {
      'PUT /api/lans/1': () => jsonResponse({ ...lan, isActive: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.method === 'PUT')?.body));
    expect(body.location).toEqual(location);
  });
});

describe('the way to the lan’s own page', () => {
  it('links to the public page, where its seats, schedule and tournaments are', async () => {
    openLan(buildLan({ id: 7 }));
    const link = await screen.findByRole('link', { name: 'Public page' });
    expect(link).toHaveAttribute('href', '/lans/7');
  });
});

describe('the door', () => {
  it('links to the lan’s check-in screen', async () => {
    openLan(buildLan({ id: 7 }));
    const link = await screen.findByRole('link', { name: 'Door check-in' });
    expect(link).toHaveAttribute('href', '/admin/lans/7/check-in');
  });

  it('links to the lan’s seat plan', async () => {
    openLan(buildLan({ id: 7 }));
    const link = await screen.findByRole('link', { name: 'Seat plan' });
    expect(link).toHaveAttribute('href', '/admin/lans/7/seats');
  });
});

describe('deleting a lan', () => {
  it('asks first, then deletes and returns to the list', async () => {
    const { user, requests, router } = openLan(buildLan(), {
      'DELETE /api/lans/1': () => emptyResponse(204),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Winter Lan?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete lan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans'));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    // Said where the administrator lands, which no longer lists the lan.
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('The lan Winter Lan is deleted.')).toBeVisible();
  });

  it('deletes nothing when cancelled', async () => {
    const { user, requests } = openLan();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('explains why a lan with Paid subscribers stays', async () => {
    const lan = buildLan({ subscribers: [buildSubscriber({ status: 'Paid' })] });
    const { user } = openLan(lan, {
      'DELETE /api/lans/1': () =>
        problemResponse(409, { title: 'Conflict', detail: 'The lan has Paid subscribers.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1 Paid subscriber/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete lan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The lan cannot be deleted: The lan has Paid subscribers.',
    );
  });
});

describe('a lan that cannot be loaded', () => {
  it('explains the problem and links back to all lans', async () => {
    openLan(buildLan(), { 'GET /api/lans/1': () => problemResponse(500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This lan could not be loaded');
    expect(screen.getByRole('link', { name: 'All lans' })).toHaveAttribute('href', '/admin/lans');
  });
});

describe('the banner', () => {
  it.each([
    [
      'a GIF',
      new File(['gif'], 'banner.gif', { type: 'image/gif' }),
      'Only JPEG and PNG images can be used as a banner.',
    ],
    [
      'an image over 5 MB',
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      'The banner is too large: it may be at most 5 MB.',
    ],
  ])('refuses %s before uploading', async (_name, file, message) => {
    const uploads = stubUploads({});
    const { user, requests } = openLan(buildLan(), {
      'PUT /api/lans/1': (request) =>
        jsonResponse({ ...buildLan(), ...JSON.parse(String(request.body)) }),
    });
    await screen.findByRole('form', { name: 'Lan details' });
    // fireEvent, not user.upload: user-event drops files the input does not accept.
    fireEvent.change(screen.getByLabelText('Choose a banner'), { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByAltText(/Preview/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save lan' }));
    expect(await screen.findByText('The lan is saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(uploads.requests).toHaveLength(0);
  });

  const banner = () => new File(['png'], 'banner.png', { type: 'image/png' });
  // The server answers a save with a new modification date: the form starts afresh.
  const saveAnswer = (lan: Lan) => ({
    [`PUT /api/lans/${lan.id}`]: (request: StubbedRequest) =>
      jsonResponse({
        ...lan,
        ...JSON.parse(String(request.body)),
        modificationDate: '2025-02-01T10:00:00Z',
      }),
  });

  it('is uploaded by Save lan, with its progress, after the lan is saved', async () => {
    // The server's lan as it stands: saved, then with its new banner's version.
    let current = buildLan();
    let answerUpload: (answer: UploadAnswer) => void = () => {};
    const uploads = stubUploads({
      'PUT /api/assets/lan-1.png': () =>
        new Promise((resolve) => {
          answerUpload = (answer) => {
            current = { ...current, bannerVersion: 'n3w-banner' };
            resolve(answer);
          };
        }),
    });
    const { user, requests } = openLan(current, {
      'GET /api/lans/1': () => jsonResponse(current),
      'PUT /api/lans/1': (request) => {
        const body = JSON.parse(String(request.body));
        current = { ...current, ...body, modificationDate: '2025-02-01T10:00:00Z' };
        return jsonResponse(current);
      },
    });
    const form = await screen.findByRole('form', { name: 'Lan details' });
    fireEvent.change(within(form).getByLabelText('Choose a banner'), {
      target: { files: [banner()] },
    });
    expect(
      await within(form).findByAltText('Preview of the new banner of Winter Lan'),
    ).toBeVisible();
    expect(within(form).getByText('banner.png is uploaded when you press Save lan.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));

    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('value', '0.5');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    answerUpload({ status: 204 });

    expect(await screen.findByText('The banner is saved.')).toBeVisible();
    expect(await screen.findByText('The lan is saved.')).toBeVisible();
    expect(uploads.requests.map((request) => request.url.pathname)).toEqual([
      '/api/assets/lan-1.png',
    ]);
    expect(screen.queryByAltText(/Preview/)).not.toBeInTheDocument();
    // The lan is fetched again and names its new banner: shown at once, nothing asked first.
    expect(await screen.findByAltText('Banner of Winter Lan')).toHaveAttribute(
      'src',
      '/api/assets/lan-1?v=n3w-banner',
    );
    expect(requests.some((request) => request.method === 'HEAD')).toBe(false);
  });

  it('stays chosen when its upload fails, saying so, for Save lan to try again', async () => {
    const lan = buildLan();
    stubUploads({
      'PUT /api/assets/lan-1.png': () => ({
        status: 413,
        problem: { title: 'Upload too large', detail: 'At most 5 MB.' },
      }),
    });
    const { user } = openLan(lan, saveAnswer(lan));
    const form = await screen.findByRole('form', { name: 'Lan details' });
    fireEvent.change(within(form).getByLabelText('Choose a banner'), {
      target: { files: [banner()] },
    });
    await user.click(within(form).getByRole('button', { name: 'Save lan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The banner is too large: it may be at most 5 MB.',
    );
    expect(await screen.findByText('The lan is saved, but not its banner.')).toBeVisible();
    expect(screen.getByAltText('Preview of the new banner of Winter Lan')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save lan' })).toBeEnabled();
  });
});
