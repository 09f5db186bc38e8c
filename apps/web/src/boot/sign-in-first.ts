import { createAuthSession, hasSignInResponse, SESSION_PREFIX } from '../lib/auth/auth-session.ts';
import { checkIdentityProvider, createOidcClient } from '../lib/auth/create-oidc-client.ts';
import { getIdentitySettings } from '../lib/auth/identity-settings.ts';

/*
 * The script of the page the server sends a browser without the signed-in hint
 * (signed-in-hint.ts): a visitor who is not signed in goes to the sign-in form from here,
 * a few kilobytes in, instead of after the app's first screen (issue 14's budget, decision
 * 039). Built apart from the app (sign-in-first-build.ts); the app's own script is named
 * in this script's `data-app`, and downloaded when it is needed after all.
 */

/** Whether this browser keeps a session here, or is back from the sign-in form. */
export function needsTheApp(storage: Storage, location: Pick<Location, 'search'>): boolean {
  if (hasSignInResponse(location)) return true;
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).some((key) =>
    key?.startsWith(SESSION_PREFIX),
  );
}

/** Sends the visitor to sign in, or starts the app when it is needed (or anything fails). */
export async function signInFirst(
  startApp: () => Promise<unknown>,
  storage?: Storage,
): Promise<unknown> {
  try {
    // Reading localStorage itself throws where the browser keeps none (blocked storage).
    const kept = storage ?? window.localStorage;
    if (needsTheApp(kept, window.location)) return startApp();
    const settings = await getIdentitySettings();
    const provider = await checkIdentityProvider(settings);
    const client = createOidcClient(settings, window.location.origin, provider);
    const auth = createAuthSession({ client, storage: kept });
    await auth.signInRedirect();
    if (auth.getStatus().kind !== 'failed') return;
  } catch {
    // Storage or the network refused: the app tells what failed and offers to try again.
  }
  return startApp();
}

const appScript = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (appScript) void signInFirst(() => import(/* @vite-ignore */ appScript));
