/** What the app remembers across the trip to the identity provider. */
export type SignInState = { returnTo: string };

/** The path, query and fragment the visitor asked for: where to go back after signing in. */
export function currentReturnPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Where to go after the sign-in callback: the remembered path when it is a path of this
 * site (never another origin: `//evil.example` is refused), else the root.
 */
export function returnPathFromState(state: unknown): string {
  const returnTo =
    typeof state === 'object' && state !== null && 'returnTo' in state ? state.returnTo : null;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) {
    return '/';
  }
  return returnTo;
}
