import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import type { AuthSession } from '../lib/auth/auth-session.ts';
import { LiveUpdates } from '../lib/live-updates/live-updates.tsx';
import { RouterProvider } from '../lib/router/index.tsx';
import { AppProvider } from './provider.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { createAppRouter } from './router.tsx';
import { SignedInViewer } from './signed-in-viewer.tsx';

/** The whole app: sign-in first, then the signed-in user, its live updates and the routes. */
export function App({ auth, queryClient }: { auth: AuthSession; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RequireSignIn auth={auth}>
        <SignedInViewer>
          <LiveUpdates>
            <AppRouter />
          </LiveUpdates>
        </SignedInViewer>
      </RequireSignIn>
    </AppProvider>
  );
}

// Created only once signed in, so the router starts at the path the visitor asked for,
// not at the sign-in callback's address.
function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} fallback={<PageLoader />} />;
}
