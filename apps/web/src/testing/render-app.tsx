import type { Role, UserProfile } from '@lanparty/contract';
import { buildUserProfile } from '@lanparty/contract/testing';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useMemo } from 'react';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { configureApiClient } from '../lib/api-client.ts';
import { type Session, SessionProvider } from '../lib/auth/session.tsx';
import { noticesQueryOptions } from '../lib/notices/get-notices.ts';
import { type NotifyInput, useNotify } from '../lib/notifications/notifications.tsx';
import { createRouter, RouterProvider } from '../lib/router/index.tsx';
import { useCurrentUser } from '../lib/users/get-current-user.ts';
import { usersKeys } from '../lib/users/users-query-keys.ts';
import { anonymousViewer, createViewer, type Viewer, ViewerProvider } from '../lib/viewer.tsx';

/** A signed-in viewer with the given roles (and any other profile fields). */
export function buildViewer({
  roles = [],
  nickname = 'pixelpete',
  ...profile
}: Partial<UserProfile> & { roles?: Role[] } = {}): Viewer {
  return createViewer(buildUserProfile({ roles, nickname, ...profile }));
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

type RenderAppOptions = {
  viewer?: Viewer;
  session?: Session;
  /** For tests with fake timers: how user-event lets time pass. */
  advanceTimers?: (delay: number) => Promise<void> | void;
  /** Render in React's strict mode, as the app does: effects run twice on mount. */
  strictMode?: boolean;
  /** The app's server state, when the test filled it first; a fresh test client otherwise. */
  queryClient?: QueryClient;
};

/**
 * Renders the whole app at `path` with the real routes, in memory, without an identity
 * provider: a signed-in viewer is the answer of GET /api/users/me already in the cache
 * (so refreshing the user asks the stubbed fetch again), and the API client sends a test
 * bearer token.
 */
export function renderApp(
  path: string,
  {
    viewer = anonymousViewer,
    session,
    advanceTimers,
    strictMode = false,
    queryClient = createTestQueryClient(),
  }: RenderAppOptions = {},
) {
  const testSession = session ?? {
    signOut: vi.fn(async () => {}),
    signInAgain: vi.fn(async () => {}),
    getIdToken: () => 'test-id-token',
  };
  if (viewer.user) {
    queryClient.setQueryData(usersKeys.me(), viewer.user);
    // The bell's notices, none unless a test sets its own or reads them again (invalidates
    // them): not read again by themselves, so a test's stubs need not answer them.
    if (queryClient.getQueryData(noticesQueryOptions.queryKey) === undefined) {
      queryClient.setQueryDefaults(noticesQueryOptions.queryKey, { staleTime: Infinity });
      queryClient.setQueryData(noticesQueryOptions.queryKey, { items: [], unseen: 0 });
    }
    configureApiClient({ getAccessToken: () => 'test-token' });
  }
  const router = createRouter(routes, path);
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  let notifyInApp: (input: NotifyInput) => void = () => {};
  const result = render(
    <AppProvider queryClient={queryClient}>
      <CaptureNotify
        onNotify={(notify) => {
          notifyInApp = notify;
        }}
      />
      <SessionProvider session={testSession}>
        {viewer.user ? (
          <CurrentUserViewer>
            <RouterProvider router={router} />
          </CurrentUserViewer>
        ) : (
          <ViewerProvider viewer={viewer}>
            <RouterProvider router={router} />
          </ViewerProvider>
        )}
      </SessionProvider>
    </AppProvider>,
    { reactStrictMode: strictMode },
  );
  /** Shows a Generic notification, as a screen of the app would. */
  const notify = (input: NotifyInput) => act(() => notifyInApp(input));
  return { ...result, router, user, queryClient, session: testSession, notify };
}

function CaptureNotify({ onNotify }: { onNotify: (notify: (input: NotifyInput) => void) => void }) {
  onNotify(useNotify());
  return null;
}

// Like the app's SignedInViewer, minus sign-in and the Steam sync.
function CurrentUserViewer({ children }: { children: ReactNode }) {
  const currentUser = useCurrentUser();
  const viewer = useMemo(() => createViewer(currentUser.data ?? null), [currentUser.data]);
  return <ViewerProvider viewer={viewer}>{children}</ViewerProvider>;
}
