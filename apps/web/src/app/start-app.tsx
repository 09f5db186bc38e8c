import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppStatus } from '../components/app-status.tsx';
import { configureApiClient } from '../lib/api-client.ts';
import {
  type AuthSession,
  createAuthSession,
  hasSignInResponse,
} from '../lib/auth/auth-session.ts';
import { checkIdentityProvider, createOidcClient } from '../lib/auth/create-oidc-client.ts';
import { getIdentitySettings } from '../lib/auth/identity-settings.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { showSiteFontsOnceShown } from '../styles/load-fonts.ts';
import { App } from './app.tsx';
import { prefetchRequestedReads, preloadRequestedScreen } from './router.tsx';
import { prefetchSignInReads } from './signed-in-viewer.tsx';

/**
 * Starts Lanparty (spec §4, §8): reads the identity settings, sets up the OpenID Connect
 * client and checks that its issuer answers, then finds out who is signed in and renders
 * the app (back from the sign-in form, it renders first and shows "Signing in…"). When the
 * settings or the issuer fail, the error is logged and the start is aborted, with a message
 * instead of a blank page.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  root.render(<AppStatus title="Starting Lanparty…" isBusy />);
  let whenShown = () => {};
  showSiteFontsOnceShown(() => whenShown());
  // Back from the sign-in form, perhaps as someone else: what the last user was allowed to
  // read says nothing (remembered-roles.ts); the page reads when it shows.
  const isBackFromSignIn = hasSignInResponse(window.location);
  // The stats, profile or lanners chunk downloads during sign-in, not after it.
  if (isBackFromSignIn) preloadRequestedScreen();

  let auth: AuthSession;
  try {
    const settings = await getIdentitySettings();
    const provider = await checkIdentityProvider(settings);
    auth = createAuthSession({
      client: createOidcClient(settings, window.location.origin, provider),
    });
  } catch (error) {
    console.error('Lanparty could not start: the identity provider could not be set up.', error);
    root.render(<StartupFailure />);
    return;
  }

  configureApiClient({ getAccessToken: auth.getAccessToken, onUnauthorized: endSessionOnce(auth) });
  const queryClient = createQueryClient();
  // In a transition: the app's first render (its layout, the page) yields to the browser
  // every few milliseconds rather than holding the main thread for one long task.
  const showApp = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App auth={auth} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  // A finished sign-in shows "Signing in…" while the token is fetched. A stored session
  // is read at once: the page's reads (the sign-in's own first, sync-status then users/me)
  // go out before its screen's code and before the app renders, which they would wait for.
  if (isBackFromSignIn) showApp();
  await auth.start();
  if (auth.getStatus().kind === 'signed-in') {
    prefetchSignInReads(queryClient);
    if (!isBackFromSignIn) prefetchRequestedReads(queryClient);
  }
  // The files for offline download once the page has shown what it shows.
  // The worker's registration and what follows it come with their own chunk, after the
  // first screen (lib/offline/service-worker.ts).
  whenShown = () =>
    void import('../lib/offline/service-worker.ts')
      .then((module) => module.registerServiceWorker(queryClient))
      .catch(console.warn);
  if (isBackFromSignIn) return;
  // The screen's code after its reads are sent (in their microtasks): they go first.
  setTimeout(preloadRequestedScreen);
  showApp();
}

function StartupFailure() {
  return (
    <AppStatus
      title="Lanparty could not start"
      isProblem
      action={{ label: 'Try again', onClick: () => window.location.reload() }}
    >
      <p>The sign-in service could not be reached. Try again in a moment.</p>
    </AppStatus>
  );
}

const SESSION_ENDED_MARK = 'lanparty.session-ended-at';
const LOOP_GUARD_MS = 30_000;

// The API refused the token (expired or revoked session): forget the user, and the
// sign-in guard sends the visitor to sign in again, back to the same page. Several calls
// may fail at once; once is enough. A token refused right after signing in again means
// the API and the identity provider disagree (issuer, audience): no endless redirects.
function endSessionOnce(auth: AuthSession): () => void {
  let hasEnded = false;
  return () => {
    if (hasEnded) return;
    hasEnded = true;
    const endedAt = Number(sessionStorage.getItem(SESSION_ENDED_MARK));
    if (Date.now() - endedAt < LOOP_GUARD_MS) {
      console.error(
        'The API refuses the tokens of the identity provider; check issuer and audience.',
      );
      return;
    }
    sessionStorage.setItem(SESSION_ENDED_MARK, String(Date.now()));
    void auth.endSession();
  };
}
