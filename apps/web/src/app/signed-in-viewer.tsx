import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { AppStatus } from '../components/app-status.tsx';
import { rememberRoles } from '../lib/auth/remembered-roles.ts';
import { started } from '../lib/page-reads.ts';
import { currentUserQueryOptions, useCurrentUser } from '../lib/users/get-current-user.ts';
import { syncStatusQueryOptions, useSyncStatus } from '../lib/users/get-sync-status.ts';
import { createViewer, ViewerProvider } from '../lib/viewer.tsx';

const RELOAD_MARK = 'lanparty.sync-reloaded-at';
const RELOAD_GUARD_MS = 60_000;

/**
 * After sign-in (spec §4): asks the server to sync the Steam profile; `Updated` reloads
 * the page (the nickname or avatar changed), otherwise the signed-in user is loaded and
 * becomes the viewer of every screen.
 */
export function SignedInViewer({
  children,
  reloadPage = () => window.location.reload(),
}: {
  children: ReactNode;
  /** Reloads the page after the Steam sync changed something (a test passes a spy). */
  reloadPage?: () => void;
}) {
  const syncStatus = useSyncStatus({ isEnabled: true });
  const isSynced = syncStatus.isSuccess || syncStatus.isError;
  const shouldReload = syncStatus.data === 'Updated' && !hasReloadedRecently();
  const currentUser = useCurrentUser({ isEnabled: isSynced && !shouldReload });
  const viewer = useMemo(() => createViewer(currentUser.data ?? null), [currentUser.data]);
  // The whole app renders once the user is known: as a transition, so React renders it in
  // slices between which the browser stays responsive, not as one long task (on a phone,
  // the layout and a page with its data already there take a few hundred milliseconds).
  const hasUser = currentUser.data !== undefined;
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (hasUser) startTransition(() => setIsShown(true));
  }, [hasUser]);

  useEffect(() => {
    if (syncStatus.isError)
      console.warn('The Steam profile could not be synced.', syncStatus.error);
  }, [syncStatus.isError, syncStatus.error]);

  useEffect(() => {
    if (currentUser.data) rememberRoles(currentUser.data.roles);
  }, [currentUser.data]);

  useEffect(() => {
    if (!shouldReload) return;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
    reloadPage();
  }, [shouldReload, reloadPage]);

  // A 401 also ends the session (the API client), which replaces this screen by sign-in.
  // Once the user is known, a later read that fails (the server down) keeps the app: the
  // layout says it is offline.
  if (currentUser.isError && !hasUser) {
    return (
      <AppStatus
        title="Your profile could not be loaded"
        isProblem
        action={{ label: 'Try again', onClick: () => void currentUser.refetch() }}
      >
        <p>Lanparty could not reach its server. Try again in a moment.</p>
      </AppStatus>
    );
  }
  if (!currentUser.data || !isShown) return <AppStatus title="Signing in…" isBusy />;
  return <ViewerProvider viewer={viewer}>{children}</ViewerProvider>;
}

/**
 * SignedInViewer's reads, in its order (spec §4: sync-status, then the user unless it
 * answered Updated), started as soon as the session is known: sent once the app had
 * rendered, they waited for the first screen's scripts to run, and the page for them.
 */
export function prefetchSignInReads(queryClient: QueryClient): void {
  started(
    queryClient
      .ensureQueryData(syncStatusQueryOptions())
      .catch(() => undefined)
      .then((status) =>
        status === 'Updated' ? null : queryClient.ensureQueryData(currentUserQueryOptions()),
      ),
  );
}

// A Steam profile that keeps changing must not reload the page forever.
function hasReloadedRecently(): boolean {
  const reloadedAt = Number(sessionStorage.getItem(RELOAD_MARK));
  return Number.isFinite(reloadedAt) && Date.now() - reloadedAt < RELOAD_GUARD_MS;
}
