import type { QueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { parse } from 'regexparam';
import { Link, matchRoute, Route, useRoute, Router as Wouter } from 'wouter';
import { navigate as writeHistory } from 'wouter/use-browser-location';

/** A route of the table; one without `path` or `index` is a layout around its children. */
export type RouteObject = {
  path?: string; // below the parent's, in wouter's patterns (`:name`, `*`)
  index?: boolean; // shown at the parent's own path
  Component?: React.ComponentType;
  element?: React.ReactNode;
  lazy?: () => Promise<{ Component: React.ComponentType }>; // downloaded before it shows
  prefetch?: (params: Params, queryClient: QueryClient) => void; // see prefetchReads
  ErrorBoundary?: React.ComponentType; // shown when a screen inside fails
  HydrateFallback?: React.ComponentType; // shown until the first screen has downloaded
  children?: RouteObject[];
};
export type Params = Readonly<Record<string, string | undefined>>;
export type Location = { pathname: string; search: string; hash: string; key: string };
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type Router = ReturnType<typeof createRouter>;
type Failure = { error: unknown } | undefined;

/** The record a route's `:id` names (a whole number from 1), or null when it names none. */
export function idParam(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

// Each screen's path with its routes from the root, children before their parent: as the
// table lists static paths before parameters, the first branch that matches is the one.
const flatten = (table: RouteObject[], parent = '', chain: RouteObject[] = []): Branch[] =>
  table.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`;
    const own =
      route.path !== undefined || route.index ? [{ path, routes: [...chain, route] }] : [];
    return [...flatten(route.children ?? [], path.replace(/\/$/, ''), [...chain, route]), ...own];
  });
type Branch = { path: string; routes: RouteObject[] };
const tables = new WeakMap<RouteObject[], Branch[]>();

function matchBranch(table: RouteObject[], pathname: string) {
  if (!tables.has(table)) tables.set(table, flatten(table));
  for (const branch of tables.get(table) ?? []) {
    const [isMatch, params] = matchRoute(parse, branch.path, pathname);
    if (isMatch) return { ...branch, params: params as Params };
  }
}

/** The routes from the root to the screen `pathname` opens. */
export const matchRoutes = (table: RouteObject[], pathname: string) =>
  matchBranch(table, pathname)?.routes.map((route) => ({ route }));

/** Starts downloading the lazy screens of `pathname`: as the app starts, during sign-in. */
export function preloadScreens(table: RouteObject[], pathname: string) {
  for (const route of matchBranch(table, pathname)?.routes ?? []) route.lazy?.().catch(() => {});
}

/** Starts the reads of `pathname`'s routes (`prefetch`), beside the sign-in's own. */
export function prefetchReads(table: RouteObject[], pathname: string, queryClient: QueryClient) {
  const branch = matchBranch(table, pathname);
  for (const route of branch?.routes ?? []) route.prefetch?.(branch?.params ?? {}, queryClient);
}

let lastKey = 0;
const locate = (to: string, from = ''): Location => {
  const { pathname, search, hash } = new URL(to, `http://app${from}`);
  return { pathname, search, hash, key: String(++lastKey) };
};

function createRouter(routes: RouteObject[], start: string, isBrowser: boolean) {
  const screens = new Map<RouteObject, React.ComponentType>();
  const listeners = new Set<(isNewScreen: boolean) => void>();
  let latest = 0;
  // Shows `location` once its screens have downloaded, unless a newer navigation began.
  const show = async (location: Location, historyAction: NavigationType) => {
    const id = ++latest;
    const isNewScreen = location.pathname !== state.location.pathname;
    // To another path a task later, as React Router's navigations land: what a screen set
    // just before (a notice for the next screen) renders at the old one first. On the same
    // path (a search field writing its query) at once, or typed letters get lost.
    if (isNewScreen) await new Promise((resolve) => setTimeout(resolve, 0));
    const lazy = (matchBranch(routes, location.pathname)?.routes ?? []).filter(
      (route) => route.lazy && !screens.has(route),
    );
    let failure: Failure;
    if (lazy.length > 0) {
      set({ navigation: { state: 'loading' } });
      // Each screen downloads once; one that failed, again on the next navigation or retry.
      await Promise.all(
        lazy.map(async (route) => route.lazy && screens.set(route, (await route.lazy()).Component)),
      ).catch((error: unknown) => (failure = { error }));
    }
    if (id !== latest) return;
    if (isBrowser && historyAction !== 'POP') {
      const path = location.pathname + location.search + location.hash;
      writeHistory(path, { replace: historyAction === 'REPLACE' });
    }
    set(
      { location, historyAction, navigation: { state: 'idle' }, failure, isReady: true },
      isNewScreen,
    );
  };
  let state = {
    location: locate(start),
    historyAction: 'POP' as NavigationType,
    navigation: { state: 'idle' as 'idle' | 'loading' }, // "loading": the old screen stays
    failure: undefined as Failure, // a screen of the location that failed to download
    isReady: false, // once the first screen has downloaded
  };
  const set = (changes: Partial<typeof state>, isNewScreen = false) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener(isNewScreen);
  };
  if (isBrowser)
    window.addEventListener('popstate', () => show(locate(window.location.href), 'POP'));
  void show(state.location, 'POP');
  return {
    routes,
    screens: screens as ReadonlyMap<RouteObject, React.ComponentType>,
    get state() {
      return state;
    },
    navigate: (to: string, { replace = false } = {}) =>
      show(
        locate(to, state.location.pathname + state.location.search),
        replace ? 'REPLACE' : 'PUSH',
      ),
    /** Downloads the shown screens again, after one failed to. */
    retry: () => show(state.location, state.historyAction),
    subscribe(listener: (isNewScreen: boolean) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const createBrowserRouter = (routes: RouteObject[]) =>
  createRouter(routes, window.location.href, true);

export const createMemoryRouter = (
  routes: RouteObject[],
  options?: { initialEntries?: string[] },
) => createRouter(routes, options?.initialEntries?.at(-1) ?? '/', false);

type RouterValue = { router: Router; state: Router['state'] };
const RouterContext = React.createContext({} as RouterValue);
const OutletContext = React.createContext<React.ReactNode>(null);
const ErrorContext = React.createContext({ error: undefined as unknown, retry: async () => {} });
// wouter's links, redirects and hooks read the shown address: it moves once the next
// screens are in, not as the browser's history does.
const useShownPath = (): [string, Router['navigate']] => {
  const { router, state } = React.use(RouterContext);
  return [state.location.pathname, router.navigate];
};
const useShownSearch = () => React.use(RouterContext).state.location.search;

/**
 * Shows the router's screen in its layouts. A new screen renders as a transition, in slices
 * that keep a phone's page responsive; a change on the same screen (its query, as a search
 * field types it) at once, so the field never lags.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = React.useState(router.state);
  React.useLayoutEffect(() => {
    const unsubscribe = router.subscribe((isNewScreen) => {
      const next = router.state;
      if (isNewScreen) React.startTransition(() => setState(next));
      else setState(next);
    });
    setState(router.state);
    return unsubscribe;
  }, [router]);
  const value = React.useMemo(() => ({ router, state }), [router, state]);
  const branch = matchBranch(router.routes, state.location.pathname);
  const Fallback = branch?.routes.find((route) => route.HydrateFallback)?.HydrateFallback;
  if (!state.isReady) return Fallback ? <Fallback /> : null;
  return (
    <RouterContext value={value}>
      <Wouter hook={useShownPath} searchHook={useShownSearch}>
        {branch ? <Route path={branch.path}>{render(branch.routes, value)}</Route> : null}
      </Wouter>
    </RouterContext>
  );
}

function render(routes: RouteObject[], value: RouterValue, depth = 0): React.ReactNode {
  const route = routes[depth];
  if (!route) return null;
  const Screen = route.Component ?? value.router.screens.get(route) ?? Outlet;
  const outlet = render(routes, value, depth + 1);
  const screen = <OutletContext value={outlet}>{route.element ?? <Screen />}</OutletContext>;
  if (!route.ErrorBoundary) return screen;
  return (
    <Boundary fallback={route.ErrorBoundary} value={value}>
      {screen}
    </Boundary>
  );
}

type BoundaryProps = {
  fallback: React.ComponentType;
  value: RouterValue;
  children: React.ReactNode;
};
type BoundaryState = { location?: Location; caught?: Failure };

/**
 * Shows `fallback` for a screen that failed to download, or to render (until the next
 * navigation). It stays through retries that fail again, so RouteError waits longer each.
 */
class Boundary extends React.Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {};
  static getDerivedStateFromError = (error: unknown) => ({ caught: { error } });
  static getDerivedStateFromProps = ({ value }: BoundaryProps, { location }: BoundaryState) =>
    value.state.location === location
      ? null
      : { location: value.state.location, caught: undefined };

  override render() {
    const { value, fallback: Fallback, children } = this.props;
    const failure = value.state.failure ?? this.state.caught;
    if (!failure) return children;
    return (
      <ErrorContext value={{ error: failure.error, retry: value.router.retry }}>
        <Fallback />
      </ErrorContext>
    );
  }
}

/** Where the child route's screen goes in a layout. */
export const Outlet = () => React.use(OutletContext);
export const useRouteError = () => React.use(ErrorContext).error;
export const useRetryScreen = () => React.use(ErrorContext).retry;
export const useLocation = () => React.use(RouterContext).state.location;
export const useNavigationType = () => React.use(RouterContext).state.historyAction;
export const useNavigation = () => React.use(RouterContext).state.navigation;
export const useNavigate = () => React.use(RouterContext).router.navigate;

/** A link marked `aria-current="page"` while its path (or, without `end`, one below it) shows. */
export function NavLink({ to, end = false, ...props }: NavLinkProps) {
  const [isActive] = useRoute(end ? to : `${to}/*?`);
  return <Link to={to} aria-current={isActive ? 'page' : undefined} {...props} />;
}
type NavLinkProps = { to: string; end?: boolean; className?: string; children: React.ReactNode };
