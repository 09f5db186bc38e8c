import {
  buildLan,
  buildLanDraft,
  buildPage,
  buildParticipantList,
} from '@lanparty/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { stubUploads, type UploadAnswer } from '../../../testing/xhr-stub.ts';

const lanAdmin = buildViewer({ roles: ['LanAdministrator'] });

function openNewLan(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/lans/defaults': () => jsonResponse(buildLanDraft({ maximumSubcribers: 24 })),
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
    expect(within(form).getByLabelText('Maximum subscribers')).toHaveValue(24);
    expect(within(form).getByLabelText(/^Active/)).not.toBeChecked();
  });

  it('explains the maximum it starts with, and saves the defaults as they are', async () => {
    const created = buildLan({ id: 12, name: 'Spring Lan' });
    const { user, requests, router } = openNewLan({
      'POST /api/lans': () => jsonResponse(created, 201),
      'GET /api/lans/12': () => jsonResponse(created),
    });
    const maximum = await screen.findByLabelText('Maximum subscribers');
    expect(maximum).toHaveAccessibleDescription(
      'Accepted and Paid lanners take a place. It starts at 24, a usual hall, since at 0 nobody could join: set what your venue holds.',
    );
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans/12'));
    const body = JSON.parse(String(requests.find((r) => r.method === 'POST')?.body));
    expect(body.maximumSubcribers).toBe(24);
  });

  it('names the maximum of subscribers in its messages as its label does', async () => {
    const { user } = openNewLan();
    const maximum = await screen.findByLabelText('Maximum subscribers');
    await user.clear(maximum);
    await user.tab();
    expect(await screen.findByText('Maximum subscribers is required')).toBeInTheDocument();
    expect(screen.queryByText(/subcribers/)).not.toBeInTheDocument();
  });

  it('shows a message once a field is touched, and all of them on submit', async () => {
    const { user, requests } = openNewLan();
    await screen.findByRole('form', { name: 'New lan' });
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Maximum subscribers'), '5000');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Maximum subscribers must less than 1000')).toBeInTheDocument();
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
    });
    await screen.findByRole('form', { name: 'New lan' });
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    await user.type(screen.getByLabelText('Description'), 'Bring a chair.');
    setDateTime('Start date', '2025-04-04T19:30');
    setDateTime('End date', '2025-04-06T17:00');
    await user.clear(screen.getByLabelText('Maximum subscribers'));
    await user.type(screen.getByLabelText('Maximum subscribers'), '24');
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
      // On the community's clocks (the draft's Europe/Amsterdam), summer time by then.
      startDate: '2025-04-04T19:30:00+02:00',
      endDate: '2025-04-06T17:00:00+02:00',
      isActive: true,
      maximumSubcribers: 24,
      price: 30,
      membersPrice: 22.5,
      location: null,
    });
  });

  it('posts a venue with its address as the location', async () => {
    const created = buildLan({ id: 12, name: 'Spring Lan' });
    const { user, requests, router } = openNewLan({
      'POST /api/lans': () => jsonResponse(created, 201),
      'GET /api/lans/12': () => jsonResponse(created),
    });
    await screen.findByRole('form', { name: 'New lan' });
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
      'Shown on the lan page with a link to a map.',
    );
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    await user.type(screen.getByLabelText('Venue'), 'De Brug');
    await user.type(screen.getByLabelText('Address'), 'Kerkstraat 12, Utrecht');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans/12'));
    const body = JSON.parse(String(requests.find((r) => r.method === 'POST')?.body));
    expect(body.location).toEqual({ name: 'De Brug', address: 'Kerkstraat 12, Utrecht' });
  });

  it.each([
    ['Venue', 'De Brug', 'Address'],
    ['Address', 'Kerkstraat 12, Utrecht', 'Venue'],
  ])(
    'asks for the other part of a location when only the %s is given',
    async (given, value, other) => {
      const { user, requests } = openNewLan();
      await screen.findByRole('form', { name: 'New lan' });
      await user.type(screen.getByLabelText('Name'), 'Spring Lan');
      await user.type(screen.getByLabelText(given), value);
      await user.click(screen.getByRole('button', { name: 'Create lan' }));
      expect(await screen.findByText(`${other} is required`)).toBeInTheDocument();
      expect(screen.getByLabelText(other)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(given)).not.toHaveAttribute('aria-invalid');
      expect(requests.some((request) => request.method === 'POST')).toBe(false);

      // Emptied again, there is no location and nothing to ask for.
      await user.clear(screen.getByLabelText(given));
      await waitFor(() =>
        expect(screen.queryByText(`${other} is required`)).not.toBeInTheDocument(),
      );
    },
  );

  it('puts the field errors of the server on their fields', async () => {
    const { user } = openNewLan({
      'POST /api/lans': () =>
        problemResponse(400, {
          title: 'Invalid input',
          errors: {
            name: ['Name is already used'],
            membersPrice: ['Members price must less than 30'],
            'location.address': ['Location address cannot be more than 300 characters long'],
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
    // A part of the location is named as the form labels it.
    expect(screen.getByText('Address cannot be more than 300 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a banner chosen for a new lan', () => {
  const banner = () => new File(['png'], 'banner.png', { type: 'image/png' });
  const created = buildLan({ id: 12, name: 'Spring Lan' });
  const createdLanAnswers = {
    'POST /api/lans': () => jsonResponse(created, 201),
    'GET /api/lans/12': () => jsonResponse(created),
    'GET /api/lans/12/participants': () => jsonResponse(buildParticipantList()),
    'GET /api/lans/12/messages': () => jsonResponse(buildPage([])),
  };

  async function fillAndChoose(user: ReturnType<typeof openNewLan>['user']) {
    await screen.findByRole('form', { name: 'New lan' });
    await user.type(screen.getByLabelText('Name'), 'Spring Lan');
    // fireEvent, not user.upload: user-event drops files the input does not accept.
    fireEvent.change(screen.getByLabelText('Choose a banner'), { target: { files: [banner()] } });
    expect(await screen.findByAltText('Preview of the new banner of the new lan')).toBeVisible();
    expect(screen.getByText('banner.png is uploaded when you press Create lan.')).toBeVisible();
  }

  it('is uploaded as the banner of the lan once it is created, with its progress', async () => {
    let answerUpload: (answer: UploadAnswer) => void = () => {};
    const uploads = stubUploads({
      'PUT /api/assets/lan-12.png': () => new Promise((resolve) => (answerUpload = resolve)),
    });
    const { user, requests, router } = openNewLan(createdLanAnswers);
    await fillAndChoose(user);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await user.click(screen.getByRole('button', { name: 'Create lan' }));

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '0.5',
    );
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(uploads.requests).toHaveLength(1);
    answerUpload({ status: 204 });

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans/12'));
    // The lan's screen opens at its top, where the notifications are.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('The lan Spring Lan is created.')).toBeVisible();
    const body = uploads.requests[0]?.body as FormData;
    expect((body.get('image') as File).name).toBe('banner.png');
  });

  it('says where to try again when the lan is created but the banner is refused', async () => {
    stubUploads({
      'PUT /api/assets/lan-12.png': () => ({
        status: 500,
        problem: { title: 'Server error', detail: 'Something went wrong on our side.' },
      }),
    });
    const { user, router } = openNewLan(createdLanAnswers);
    await fillAndChoose(user);
    await user.click(screen.getByRole('button', { name: 'Create lan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lans/12'));
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('The lan Spring Lan is created.')).toBeVisible();
    expect(within(notifications).getByText('The banner is not saved')).toBeVisible();
    expect(
      within(notifications).getByText(
        'The banner could not be uploaded: Something went wrong on our side. Choose it again under Details and press Save lan.',
      ),
    ).toBeVisible();
  });

  it('refuses a file the server would refuse, before anything is created', async () => {
    const { requests } = openNewLan();
    await screen.findByRole('form', { name: 'New lan' });
    const gif = new File(['gif'], 'banner.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Choose a banner'), { target: { files: [gif] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only JPEG and PNG images can be used as a banner.',
    );
    expect(screen.queryByAltText(/Preview/)).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
