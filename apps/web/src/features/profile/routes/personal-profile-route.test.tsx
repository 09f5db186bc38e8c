import type { UserProfile } from '@lanparty/contract';
import { birthDateBounds } from '@lanparty/contract/rules';
import { buildClanSummary, buildPage, buildUserProfile } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { EMAIL_CHANGE_HINT } from '../components/email-field.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const emptyProfile: Partial<UserProfile> = {
  email: null,
  isEmailActivated: false,
  firstName: null,
  surname: null,
  city: null,
  birthDate: null,
};

function renderProfile(profile: Partial<UserProfile> = {}, options = {}) {
  const viewer = buildViewer({ id: 5, nickname: 'nova', roles: ['Lanner'], ...profile });
  return renderApp('/profile/personal', { viewer, ...options });
}

async function findForm() {
  return screen.findByRole('form', { name: 'Personal Information' });
}

/** Renders the profile and types `text` over the field labelled `label`. */
async function retype(label: string, text: string) {
  const { user } = renderProfile();
  const field = within(await findForm()).getByLabelText(label);
  await user.clear(field);
  await user.type(field, text);
  return { user, field };
}

/** The answers around a profile: no participated lans, e-mail checks as given. */
const playtimeStatus = {
  isCollecting: false,
  hasSteamId: false,
  isGameDetailsPrivate: false,
  gamesCheckedAt: null,
  showsOnScreens: true,
};

/** A history with nothing in it yet, and a consent never asked (no Steam). */
const noHistory = {
  attendedCount: 0,
  attended: [],
  firstLan: null,
  currentStreak: 0,
  longestStreak: 0,
  badges: [],
};
const noConsent = {
  steamPlaytime: {
    given: null,
    decidedAt: null,
    wordingVersion: null,
    wording: 'Record my Steam playtime for the leaderboards and the rewind',
    currentWordingVersion: 1,
    needsAnswer: false,
  },
};

function stubProfileCalls(answers: Record<string, (request: never) => Response> = {}) {
  return stubFetch({
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/users/me/playtime-status': () => jsonResponse(playtimeStatus),
    'GET /api/users/5/history': () => jsonResponse(noHistory),
    'GET /api/users/me/consents': () => jsonResponse(noConsent),
    ...answers,
  });
}

describe('the profile page', () => {
  it('shows the Personal Information section with the nickname read-only', async () => {
    stubProfileCalls();
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
    const form = await findForm();
    const nickname = within(form).getByLabelText('Nickname');
    expect(nickname).toHaveValue('nova');
    expect(nickname).toHaveAttribute('readonly');
    expect(within(form).getByText(/follows your Steam profile/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Birth date')).toHaveAttribute('type', 'date');
    expect(within(form).getByLabelText('Birth date')).toHaveValue('1995-06-21');
  });

  it('explains in a tooltip that changing the email requires verification', async () => {
    stubProfileCalls();
    const { user } = renderProfile();
    const about = await screen.findByRole('button', { name: 'About the email' });
    expect(about).toHaveAccessibleDescription(EMAIL_CHANGE_HINT);
    await user.hover(about);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(EMAIL_CHANGE_HINT);
  });

  it('warns while the email is not verified', async () => {
    stubProfileCalls();
    renderProfile({ isEmailActivated: false });
    expect(await screen.findByText('Email needs to be verified')).toBeInTheDocument();
  });

  it('does not warn about a verified email', async () => {
    stubProfileCalls();
    renderProfile();
    await findForm();
    expect(screen.queryByText('Email needs to be verified')).not.toBeInTheDocument();
  });
});

describe('the profile form', () => {
  it('shows a message only once the field is touched', async () => {
    stubProfileCalls();
    const { user } = renderProfile(emptyProfile);
    const form = await findForm();
    const city = within(form).getByLabelText('City');

    await user.click(city);
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('City is required')).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    // Fields not touched yet stay quiet.
    expect(screen.queryByText('Surname is required')).not.toBeInTheDocument();
  });

  it('marks every field touched on submit and saves nothing while invalid', async () => {
    const { fetchMock } = stubProfileCalls();
    const { user } = renderProfile(emptyProfile);
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of [
      'Email is required',
      'First name is required',
      'Surname is required',
      'City is required',
      'Birth date is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('refuses a birth date in the future, saying so, and saves nothing', async () => {
    const { fetchMock } = stubProfileCalls();
    const { user } = renderProfile();
    const form = await findForm();
    const birthDate = within(form).getByLabelText('Birth date');
    expect(birthDate).toHaveAttribute('max', birthDateBounds().latest);
    await user.clear(birthDate);
    await user.type(birthDate, `${new Date().getUTCFullYear() + 5}-01-01`);
    await user.tab();
    expect(await screen.findByText('Birth date cannot be in the future')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(birthDate).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('refuses a birth date more than 120 years ago, saying so', async () => {
    stubProfileCalls();
    const { user } = renderProfile();
    const birthDate = within(await findForm()).getByLabelText('Birth date');
    expect(birthDate).toHaveAttribute('min', birthDateBounds().earliest);
    await user.clear(birthDate);
    await user.type(birthDate, '1850-01-01');
    await user.tab();
    expect(
      await screen.findByText('Birth date cannot be more than 120 years ago'),
    ).toBeInTheDocument();
  });

  it('says an email is not valid', async () => {
    stubProfileCalls();
    const { user } = await retype('Email', 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
  });

  it('reports an email address someone else uses (a 200 answer)', async () => {
    const { requests } = stubProfileCalls({
      'GET /api/users/email-addresses/taken@example.com': () => jsonResponse({ isUsed: true }),
    });
    const { user } = await retype('Email', 'taken@example.com');
    await user.tab();
    expect(await screen.findByText('Email is already used')).toBeInTheDocument();
    const check = requests.find((request) => request.url.pathname.includes('email-addresses'));
    expect(check?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('accepts an email address nobody else uses (a 404 answer)', async () => {
    const { requests } = stubProfileCalls({
      'GET /api/users/email-addresses/free@example.com': () => problemResponse(404),
    });
    const { user, field: email } = await retype('Email', 'free@example.com');
    await user.tab();
    await waitFor(() =>
      expect(requests.map((request) => decodeURIComponent(request.url.pathname))).toContain(
        '/api/users/email-addresses/free@example.com',
      ),
    );
    expect(screen.queryByText('Email is already used')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('does not save an email address someone else uses', async () => {
    const { requests } = stubProfileCalls({
      'GET /api/users/email-addresses/taken@example.com': () => jsonResponse({ isUsed: true }),
    });
    const { user } = await retype('Email', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is already used')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('saves the whole user with empty roles, then refreshes the signed-in user', async () => {
    const saved = buildUserProfile({ id: 5, nickname: 'nova', roles: ['Lanner'], city: 'Gouda' });
    const { requests } = stubProfileCalls({
      'PUT /api/users/me': () => jsonResponse(saved),
      'GET /api/users/me': () => jsonResponse(saved),
    });
    const { user } = await retype('City', 'Gouda');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(requests.some((r) => r.method === 'GET' && r.url.pathname === '/api/users/me')).toBe(
        true,
      ),
    );
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toMatchObject({
      id: 5,
      nickname: 'nova',
      roles: [],
      email: 'pete@example.com',
      firstName: 'Pete',
      surname: 'de Vries',
      city: 'Gouda',
      birthDate: '1995-06-21',
    });
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
  });

  it('says the profile is saved beside the button, announced, not at the top', async () => {
    const saved = buildUserProfile({ id: 5, nickname: 'nova', roles: ['Lanner'], city: 'Gouda' });
    stubProfileCalls({
      'PUT /api/users/me': () => jsonResponse(saved),
      'GET /api/users/me': () => jsonResponse(saved),
    });
    const { user, field: city } = await retype('City', 'Gouda');
    const save = screen.getByRole('button', { name: 'Save' });
    // Beside the button: where a lanner on a phone is when they press it.
    const besideButton = within(save.parentElement as HTMLElement).getByRole('status');
    expect(besideButton).toBeEmptyDOMElement();
    await user.click(save);

    await waitFor(() => expect(besideButton).toHaveTextContent('Your profile is saved.'));
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).queryByText('Your profile is saved.')).not.toBeInTheDocument();
    // A change after saving is not saved yet: the words go.
    await user.type(city, 'x');
    expect(besideButton).toBeEmptyDOMElement();
  });

  it('shows Saving… and stays disabled until 500 ms after saving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved = buildUserProfile({ id: 5, nickname: 'nova', roles: ['Lanner'] });
    stubProfileCalls({
      'PUT /api/users/me': () => jsonResponse(saved),
      'GET /api/users/me': () => jsonResponse(saved),
    });
    const { user } = renderProfile({}, { advanceTimers: vi.advanceTimersByTime });
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    await screen.findByText('Your profile is saved.');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the server’s messages per field', async () => {
    stubProfileCalls({
      'PUT /api/users/me': () =>
        problemResponse(400, { title: 'Invalid input', errors: { city: ['City is too odd'] } }),
    });
    const { user } = renderProfile();
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is too odd')).toBeInTheDocument();
  });
});

describe('the avatar', () => {
  it('uploads a PNG as the form field image and shows the new picture', async () => {
    let hasPicture = false;
    const { requests } = stubProfileCalls({
      'PUT /api/assets/user-5.png': () => {
        hasPicture = true;
        return emptyResponse(204);
      },
      // The user's answers carry the avatar's version: fetched again after the upload.
      'GET /api/users/me': () =>
        jsonResponse(
          buildUserProfile({
            id: 5,
            nickname: 'nova',
            roles: ['Lanner'],
            avatarVersion: hasPicture ? 'n3w-picture' : null,
          }),
        ),
    });
    const { user } = renderProfile();
    await findForm();
    // None yet: the one drawn from the nickname, without asking the server.
    expect(screen.getByRole('img', { name: 'Avatar of nova' })).toHaveAttribute(
      'data-testid',
      'generated-avatar',
    );
    await user.upload(
      screen.getByLabelText('Upload a picture'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Your new picture is saved.')).toBeInTheDocument();
    const body = requests.find((request) => request.method === 'PUT')?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Avatar of nova' })).toHaveAttribute(
        'src',
        '/api/assets/user-5?v=n3w-picture',
      ),
    );
    expect(screen.getByRole('img', { name: 'Avatar of nova' })).toHaveAttribute(
      'srcset',
      expect.stringContaining('/api/assets/user-5?v=n3w-picture&w=256 256w'),
    );
    expect(requests.some((request) => request.method === 'HEAD')).toBe(false);
  });

  it('refuses a picture over 5 MB before uploading', async () => {
    const { requests } = stubProfileCalls();
    const { user } = renderProfile();
    await findForm();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload a picture'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 5 MB');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it.each([
    [413, 'The picture is too large: it may be at most 5 MB.'],
    [415, 'Only JPEG and PNG pictures can be used.'],
  ])('explains a %i answer of the server', async (status, message) => {
    stubProfileCalls({ 'PUT /api/assets/user-5.jpg': () => problemResponse(status) });
    const { user } = renderProfile();
    await findForm();
    await user.upload(
      screen.getByLabelText('Upload a picture'),
      new File(['jpg'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('the playtime hint', () => {
  const status = (isGameDetailsPrivate: boolean) => ({
    isCollecting: true,
    hasSteamId: true,
    isGameDetailsPrivate,
    gamesCheckedAt: '2026-11-01T12:00:00.000Z',
    showsOnScreens: true,
  });

  it('tells a user whose Steam game details are private how to make them public', async () => {
    stubProfileCalls({
      'GET /api/users/me/playtime-status': () => jsonResponse(status(true)),
    });
    renderProfile({ steamId: '76561197960287930' });
    const hint = await screen.findByRole('complementary', { name: 'Your playtime is not counted' });
    expect(hint.textContent).toContain('Game details to Public');
  });

  it('says nothing when Steam shows the games', async () => {
    const { requests } = stubProfileCalls({
      'GET /api/users/me/playtime-status': () => jsonResponse(status(false)),
    });
    renderProfile({ steamId: '76561197960287930' });
    await findForm();
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname.endsWith('/playtime-status'))).toBe(
        true,
      ),
    );
    expect(
      screen.queryByRole('complementary', { name: 'Your playtime is not counted' }),
    ).toBeNull();
  });

  it('says nothing without a Steam account', async () => {
    stubProfileCalls();
    renderProfile({ steamId: null });
    await findForm();
    await screen.findByRole('switch', { name: 'Show what I play on lan screens' });
    expect(
      screen.queryByRole('complementary', { name: 'Your playtime is not counted' }),
    ).toBeNull();
  });
});

describe('showing what one plays on lan screens (issue 35)', () => {
  it('is on until switched off, and saved as it is flipped', async () => {
    const { requests } = stubProfileCalls({
      'PUT /api/users/me/screen-visibility': () => jsonResponse({ showsOnScreens: false }),
    });
    const { user } = renderProfile();
    const choice = await screen.findByRole('switch', { name: 'Show what I play on lan screens' });
    await waitFor(() => expect(choice).toBeEnabled());
    expect(choice).toBeChecked();
    expect(choice).toHaveAccessibleDescription(/Off, you are in none of it/);
    await user.click(choice);
    await waitFor(() => expect(choice).not.toBeChecked());
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ showsOnScreens: false });
  });

  it('says so when the choice is not saved, and shows what is stored', async () => {
    stubProfileCalls({
      'PUT /api/users/me/screen-visibility': () => problemResponse(500, { detail: 'Down.' }),
    });
    const { user } = renderProfile();
    const choice = await screen.findByRole('switch', { name: 'Show what I play on lan screens' });
    await waitFor(() => expect(choice).toBeEnabled());
    await user.click(choice);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice was not saved');
    expect(choice).toBeChecked();
  });
});

describe('the profile’s clan (issue 34)', () => {
  it('links to the clan the user is in, with its tag', async () => {
    stubProfileCalls();
    renderProfile({ clan: buildClanSummary({ id: 4 }) });
    const section = await screen.findByRole('region', { name: 'Your Clan' });
    expect(section).toHaveTextContent('You are in Pixel Pirates PXP');
    expect(within(section).getByRole('link', { name: 'Pixel Pirates' })).toHaveAttribute(
      'href',
      '/clans/4',
    );
  });

  it('leads a lanner in no clan to the clans', async () => {
    stubProfileCalls();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Your Clan' });
    expect(section).toHaveTextContent('You are in no clan.');
    expect(within(section).getByRole('link', { name: 'Create a clan' })).toHaveAttribute(
      'href',
      '/clans',
    );
  });

  it('is not there for someone who cannot be in a clan', async () => {
    stubProfileCalls();
    renderProfile({ roles: [] });
    await findForm();
    expect(screen.queryByRole('region', { name: 'Your Clan' })).not.toBeInTheDocument();
  });
});
