import { buildUserProfile } from '@lanparty/contract/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';
import { hadAnyRole } from '../lib/auth/remembered-roles.ts';
import { useViewer } from '../lib/viewer.tsx';
import { jsonResponse, problemResponse, stubFetch, textResponse } from '../testing/fetch-stub.ts';
import { createTestQueryClient } from '../testing/render-app.tsx';
import { prefetchSignInReads, SignedInViewer } from './signed-in-viewer.tsx';

function ShowViewer() {
  const { user } = useViewer();
  return <p>Signed in as {user?.nickname}</p>;
}

function renderSignedIn(queryClient = createTestQueryClient()) {
  configureApiClient({ getAccessToken: () => 'token' });
  const reloadPage = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <SignedInViewer reloadPage={reloadPage}>
        <ShowViewer />
      </SignedInViewer>
    </QueryClientProvider>,
  );
  return { reloadPage, queryClient };
}

describe('after signing in', () => {
  it('starts the sync, then the user, before the app renders; it then reads neither again', async () => {
    const { requests } = stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Unchanged'),
      'GET /api/users/me': () => jsonResponse(buildUserProfile({ nickname: 'nova' })),
    });
    configureApiClient({ getAccessToken: () => 'token' });
    const queryClient = createTestQueryClient();
    prefetchSignInReads(queryClient);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    renderSignedIn(queryClient);
    expect(await screen.findByText('Signed in as nova')).toBeInTheDocument();
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/api/users/me/sync-status',
      '/api/users/me',
    ]);
  });

  it('starts no read of the user when the sync answers Updated (the page reloads)', async () => {
    const { requests } = stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Updated'),
    });
    configureApiClient({ getAccessToken: () => 'token' });
    const queryClient = createTestQueryClient();
    prefetchSignInReads(queryClient);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/users/me/sync-status']);
  });

  it('syncs the Steam profile, then loads the user as the viewer', async () => {
    const { requests } = stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Unchanged'),
      'GET /api/users/me': () => jsonResponse(buildUserProfile({ nickname: 'nova' })),
    });
    const { reloadPage } = renderSignedIn();
    expect(await screen.findByText('Signed in as nova')).toBeInTheDocument();
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/api/users/me/sync-status',
      '/api/users/me',
    ]);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("remembers the user's roles for the next start (remembered-roles.ts)", async () => {
    localStorage.clear();
    stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Unchanged'),
      'GET /api/users/me': () => jsonResponse(buildUserProfile({ roles: ['Member'] })),
    });
    renderSignedIn();
    await screen.findByText(/Signed in as/);
    expect(hadAnyRole(['Member'])).toBe(true);
    expect(hadAnyRole(['Lanner', 'SystemAdministrator'])).toBe(false);
  });

  it('reloads the page when the sync answers Updated, without loading the user', async () => {
    const { requests } = stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Updated'),
    });
    const { reloadPage } = renderSignedIn();
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/users/me/sync-status']);
  });

  it('still loads the user when the sync fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      'GET /api/users/me/sync-status': () => problemResponse(502, { title: 'Steam is down' }),
      'GET /api/users/me': () => jsonResponse(buildUserProfile({ nickname: 'nova' })),
    });
    renderSignedIn();
    expect(await screen.findByText('Signed in as nova')).toBeInTheDocument();
  });

  it('says so when the user cannot be loaded', async () => {
    stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Unchanged'),
      'GET /api/users/me': () => problemResponse(503),
    });
    renderSignedIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  // Issue 32: the server stopped under an open tab must not take the whole app away.
  it('keeps the app when reading the user again fails once it is known', async () => {
    let isServerDown = false;
    stubFetch({
      'GET /api/users/me/sync-status': () => textResponse('Unchanged'),
      'GET /api/users/me': () => {
        if (isServerDown) throw new TypeError('Failed to fetch');
        return jsonResponse(buildUserProfile({ nickname: 'nova' }));
      },
    });
    const { queryClient } = renderSignedIn();
    await screen.findByText('Signed in as nova');
    isServerDown = true;
    await queryClient.refetchQueries({ queryKey: ['users', 'me'] });
    expect(queryClient.getQueryState(['users', 'me'])?.status).toBe('error');
    expect(screen.getByText('Signed in as nova')).toBeInTheDocument();
    expect(screen.queryByText('Your profile could not be loaded')).not.toBeInTheDocument();
  });
});
