import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { AppStatus } from '../components/app-status.tsx';
import type { AuthSession } from '../lib/auth/auth-session.ts';
import { type Session, SessionProvider } from '../lib/auth/session.tsx';

/**
 * Login is required on load (spec §1, §4): renders its children only for a signed-in
 * user. Anyone else is sent to the identity provider, and comes back to the path they
 * asked for; so is a user whose session ended (renewal failed, or the API refused it).
 * A sign-out in another tab of the site shows this one signed out too, until the person
 * signs in again, here or there.
 */
export function RequireSignIn({ auth, children }: { auth: AuthSession; children: ReactNode }) {
  const status = useSyncExternalStore(auth.subscribe, auth.getStatus);
  const session = useMemo<Session>(
    () => ({
      signOut: auth.signOut,
      signInAgain: (returnTo) => auth.signInRedirect(returnTo, { prompt: 'login', max_age: '0' }),
      getIdToken: auth.getIdToken,
    }),
    [auth],
  );

  useEffect(() => {
    if (status.kind === 'signed-out') void auth.signInRedirect();
    if (status.kind === 'failed') console.error('Signing in failed.', status.error);
  }, [status, auth]);

  // Timers sleep in background tabs; catch up when the page is seen again.
  useEffect(() => {
    const renewWhenVisible = () => {
      if (document.visibilityState === 'visible') void auth.renewIfExpiring();
    };
    document.addEventListener('visibilitychange', renewWhenVisible);
    return () => document.removeEventListener('visibilitychange', renewWhenVisible);
  }, [auth]);

  useEffect(() => auth.followOtherTabs(), [auth]);

  if (status.kind === 'signed-in') {
    return <SessionProvider session={session}>{children}</SessionProvider>;
  }
  if (status.kind === 'failed') {
    return (
      <AppStatus
        title="Signing in did not work"
        isProblem
        action={{ label: 'Sign in again', onClick: () => void auth.signInRedirect('/') }}
      >
        <p>The sign-in service answered with an error. Try signing in again.</p>
      </AppStatus>
    );
  }
  if (status.kind === 'signed-out-elsewhere') {
    return (
      <AppStatus
        title="You are signed out"
        action={{ label: 'Sign in again', onClick: () => void auth.signInRedirect() }}
      >
        <p>You signed out of Lanparty in another tab, or your session there ended.</p>
      </AppStatus>
    );
  }
  return <AppStatus title="Signing in…" isBusy />;
}
