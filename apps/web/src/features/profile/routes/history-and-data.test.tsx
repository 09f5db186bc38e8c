import type { ConsentState, UserHistory, UserProfile } from '@lanparty/contract';
import { buildPage } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

const history: UserHistory = {
  attendedCount: 3,
  attended: [
    { lanId: 30, name: 'Winter Lan', startDate: '2026-01-16T18:00:00+01:00' },
    { lanId: 20, name: 'Autumn Lan', startDate: '2025-10-10T18:00:00+02:00' },
    { lanId: 10, name: 'Summer Lan', startDate: '2025-07-04T18:00:00+02:00' },
  ],
  firstLan: { lanId: 10, name: 'Summer Lan', startDate: '2025-07-04T18:00:00+02:00' },
  currentStreak: 3,
  longestStreak: 3,
  badges: [
    {
      key: 'streak-3',
      name: '3 in a row',
      reason: 'Attended 3 lans in a row.',
      earnedOn: '2026-01-18',
    },
    {
      key: 'podium-gold-2025-11',
      name: 'Gold, November 2025',
      reason: 'First on the leaderboard of November 2025.',
      earnedOn: '2025-12-01',
    },
    { key: 'lans-1', name: 'First lan', reason: 'Attended a first lan.', earnedOn: '2025-07-06' },
  ],
};

const consent = (overrides: Partial<ConsentState> = {}) => ({
  steamPlaytime: {
    given: true,
    decidedAt: '2026-01-01T10:00:00.000Z',
    wordingVersion: 1,
    wording: 'Record my Steam playtime for the leaderboards and the rewind',
    currentWordingVersion: 1,
    needsAnswer: false,
    ...overrides,
  },
});

const playtimeStatus = {
  isCollecting: true,
  hasSteamId: true,
  isGameDetailsPrivate: false,
  gamesCheckedAt: null,
  showsOnScreens: true,
};

function stubProfile(answers: Record<string, (request: StubbedRequest) => Response> = {}) {
  return stubFetch({
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/users/me/playtime-status': () => jsonResponse(playtimeStatus),
    'GET /api/users/5/history': () => jsonResponse(history),
    'GET /api/users/me/consents': () => jsonResponse(consent()),
    'GET /api/users/me': () => jsonResponse(buildViewer({ id: 5 }).user),
    ...answers,
  });
}

function renderProfile(profile: Partial<UserProfile> = {}, path = '/profile/personal') {
  const viewer = buildViewer({
    id: 5,
    nickname: 'nova',
    roles: ['Lanner'],
    steamId: '76561197960287930',
    ...profile,
  });
  return renderApp(path, { viewer });
}

const bodyOf = (request: StubbedRequest | undefined) => JSON.parse(String(request?.body));

describe('the profile’s history', () => {
  it('shows the lans attended, the first, the streaks in words and the rule', async () => {
    stubProfile();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Your History' });
    await within(section).findByText('Lans attended');
    expect(within(section).getAllByText('3 lans in a row')).toHaveLength(2);
    expect(within(section).getAllByRole('link', { name: 'Summer Lan' })[0]).toHaveAttribute(
      'href',
      '/lans/10',
    );
    expect(
      within(section).getByText(/a lan where nobody was marked present breaks none/),
    ).toBeVisible();
    const list = within(section).getByRole('list', { name: 'Lans attended, newest first' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Winter Lan', 'Autumn Lan', 'Summer Lan']);
    expect(within(list).getByText('16 Jan 2026')).toBeInTheDocument();
  });

  it('hides the history from others with its switch', async () => {
    const { requests } = stubProfile({
      'PUT /api/users/me/history-visibility': (request) =>
        jsonResponse(JSON.parse(String(request.body))),
    });
    const { user } = renderProfile();
    const toggle = await screen.findByRole('switch', { name: 'Show my lans and badges to others' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.pathname === '/api/users/me/history-visibility'),
      ).toBe(true),
    );
    const put = requests.find(
      (request) => request.url.pathname === '/api/users/me/history-visibility',
    );
    expect(bodyOf(put)).toEqual({ showsHistory: false });
  });

  it('says when the history could not be read, and reads it again', async () => {
    let fails = true;
    stubProfile({
      'GET /api/users/5/history': () => (fails ? problemResponse(500) : jsonResponse(history)),
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Your History' });
    expect(await within(section).findByText('Your history could not be loaded.')).toBeVisible();
    fails = false;
    await user.click(within(section).getByRole('button', { name: /try again/i }));
    expect(await within(section).findByText('Lans attended')).toBeVisible();
  });
});

describe('the profile’s badges', () => {
  it('draws each badge with a text alternative, its reason and day, and marks the new ones seen', async () => {
    const { requests } = stubProfile({
      'PUT /api/users/me/badges/seen': () => emptyResponse(),
    });
    renderProfile({
      notices: {
        newBadges: [{ key: 'streak-3', name: '3 in a row' }],
        asksSteamPlaytimeConsent: false,
      },
    });
    const section = await screen.findByRole('region', { name: 'Badges' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      within(items[0] as HTMLElement).getByRole('img', { name: '3 in a row badge' }),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('New')).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('img', { name: 'Gold, November 2025 badge' }),
    ).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByText('First on the leaderboard of November 2025.'),
    ).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText('Earned 06 Jul 2025')).toBeVisible();
    expect(within(items[2] as HTMLElement).queryByText('New')).toBeNull();
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/api/users/me/badges/seen')).toBe(
        true,
      ),
    );
  });

  it('says how badges are earned while there are none', async () => {
    stubProfile({ 'GET /api/users/5/history': () => jsonResponse({ ...history, badges: [] }) });
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Badges' });
    expect(within(section).getByText(/No badges yet/)).toBeVisible();
  });
});

describe('the Steam playtime consent', () => {
  it('asks outright while it needs an answer, and stores it', async () => {
    let isAnswered = false;
    const { requests } = stubProfile({
      'GET /api/users/me/consents': () =>
        jsonResponse(
          isAnswered ? consent() : consent({ given: true, wordingVersion: 0, needsAnswer: true }),
        ),
      'PUT /api/users/me/consents/steam-playtime': () => {
        isAnswered = true;
        return jsonResponse(consent().steamPlaytime);
      },
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Steam Playtime' });
    expect(await within(section).findByText(/linked Steam before we asked/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Yes, record my playtime' }));
    const toggle = await within(section).findByRole('switch');
    expect(toggle).toHaveAccessibleName(consent().steamPlaytime.wording);
    expect(toggle).toBeChecked();
    const put = requests.find((request) => request.method === 'PUT');
    expect(bodyOf(put)).toEqual({ given: true });
  });

  it('offers to delete what was recorded once switched off, after asking', async () => {
    const { requests } = stubProfile({
      'GET /api/users/me/consents': () => jsonResponse(consent({ given: false })),
      'DELETE /api/users/me/playtime': () => emptyResponse(),
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Steam Playtime' });
    expect(await within(section).findByRole('switch')).not.toBeChecked();
    await user.click(within(section).getByRole('button', { name: 'Delete my recorded playtime' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your recorded playtime?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete it' }));
    expect(await within(section).findByText('Your recorded playtime is deleted.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('is not there for someone without Steam who never answered', async () => {
    stubProfile({
      'GET /api/users/me/consents': () =>
        jsonResponse(consent({ given: null, wordingVersion: null })),
    });
    renderProfile({ steamId: null });
    await screen.findByRole('region', { name: 'Your Data' });
    expect(screen.queryByRole('region', { name: 'Steam Playtime' })).toBeNull();
  });
});

describe('the profile’s data', () => {
  it('downloads everything as the file the server names', async () => {
    const { saveFile } = await import('../../../lib/save-file.ts');
    stubProfile({
      'GET /api/users/me/export': () =>
        new Response('{"userId":5}', {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="lanparty-data-5-2026-11-27.json"',
          },
        }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'lanparty-data-5-2026-11-27.json'),
    );
  });

  it('erases the account with its password, saying what is wrong, then signs out', async () => {
    let isRight = false;
    const { requests } = stubProfile({
      'GET /api/users/me/account': () => jsonResponse({ username: 'nova', hasPassword: true }),
      'DELETE /api/users/me': () =>
        isRight ? emptyResponse() : problemResponse(400, { detail: 'The password is not right.' }),
    });
    const signOut = vi.fn(async () => {});
    const { user } = renderApp('/profile/personal', {
      viewer: buildViewer({ id: 5, nickname: 'nova', roles: ['Lanner'] }),
      session: { signOut, signInAgain: vi.fn(async () => {}), getIdToken: () => undefined },
    });
    await user.click(await screen.findByRole('button', { name: 'Erase my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the account of nova?' });
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    const password = await within(dialog).findByLabelText('Password');
    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password is not right.',
    );
    isRight = true;
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(await within(dialog).findByText(/Your account is erased/)).toBeVisible();
    await waitFor(() =>
      expect(signOut).toHaveBeenCalledWith(`${window.location.origin}/account-erased`),
    );
    const erasures = requests.filter((request) => request.method === 'DELETE');
    expect(erasures.map(bodyOf)).toEqual([{ password: 'wrong one' }, { password: 'wrong one' }]);
  });

  it('asks an account without a password to sign in again, then erases on its proof', async () => {
    const signInAgain = vi.fn(async () => {});
    const signOut = vi.fn(async () => {});
    const { requests } = stubProfile({
      'GET /api/users/me/account': () => jsonResponse({ username: null, hasPassword: false }),
      'DELETE /api/users/me': () => emptyResponse(),
    });
    const viewer = buildViewer({ id: 5, nickname: 'nova', roles: ['Lanner'] });
    const session = { signOut, signInAgain, getIdToken: () => 'fresh-id-token' };
    const first = renderApp('/profile/personal', { viewer, session });
    await first.user.click(await screen.findByRole('button', { name: 'Erase my account…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Erase the account of nova?' });
    expect(await within(dialog).findByText(/sign in again to confirm/)).toBeVisible();
    await first.user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(signInAgain).toHaveBeenCalledWith('/profile?erase=confirm#your-data');
    first.unmount();

    // Back from the sign-in: the dialog is open, and erasing sends the sign-in's ID token.
    const back = renderApp('/profile?erase=confirm', { viewer, session });
    dialog = await screen.findByRole('dialog', { name: 'Erase the account of nova?' });
    expect(await within(dialog).findByText(/You signed in again/)).toBeVisible();
    await back.user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    await waitFor(() =>
      expect(signOut).toHaveBeenCalledWith(`${window.location.origin}/account-erased`),
    );
    expect(bodyOf(requests.find((request) => request.method === 'DELETE'))).toEqual({
      idToken: 'fresh-id-token',
    });
  });
});
