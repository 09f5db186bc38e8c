import type { QueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Router as Wouter } from 'wouter';

// The app's routing: wouter, and what the app adds on top of it (decision 025).
export { Link, Redirect as Navigate, useParams, useRoute, useSearchParams } from 'wouter';

/** A route of the table; one without `path` or `index` is a layout around its children. */
export type RouteObject = {
  path?: string; // below the parent's, in wouter's patterns (`:name`, `*`)
  index?: boolean; // shown at the parent's own path
  Component?: React.ComponentType;
  element?: React.ReactNode;
  lazy?: () => Promise<{ Component: React.ComponentType }>; // downloaded before it shows
  prefetch?: (params: Params, queryClient: QueryClient) => void; // see startScreen
  children?: RouteObject[];
};
export type Params = Readonly<Record<string, string | undefined>>;
export type Location = { pathname: string; search: string; hash: string; key: string };
type State = { location: Location; historyAction: 'POP' | 'PUSH' | 'REPLACE' };
export type Router = ReturnType<typeof createRouter>;

// Each screen's path with its routes from the root, children before their parent: as the
// table lists static paths before parameters, the first branch that matches is the one.
type Branch = { path: string; routes: RouteObject[] };
const flatten = (table: RouteObject[], parent = '', chain: RouteObject[] = []): Branch[] =>
  table.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`;
    const own =
      route.path !== undefined || route.index ? [{ path, routes: [...chain, route] }] : [];
    return [...flatten(route.children ?? [], path.replace(/\/$/, ''), [...chain, route]), ...own];
  });

/** The routes from the root to the screen `pathname` opens, and its parameters. */
export function matchRoutes(table: RouteObject[], pathname: string) {
  for (const branch of flatten(table)) {
    const [isMatch, params] = matchRoute(parse, branch.path, pathname);
    if (isMatch) return { ...branch, params: params as Params };
  }
}

// The lazy screens startScreen downloaded, once they have arrived.
const arrived = new WeakMap<RouteObject, React.ComponentType>();

/** Starts downloading `pathname`'s lazy screens and, given the query client, its reads. */
export function startScreen(table: RouteObject[], pathname: string, queryClient?: QueryClient) {
  const branch = matchRoutes(table, pathname);
  for (const route of branch?.routes ?? []) {
    if (queryClient) route.prefetch?.(branch?.params ?? {}, queryClient);
    else
      route
        .lazy?.()
        .then(({ Component }) => arrived.set(route, Component))
        .catch(() => {});
  }
}

let lastKey = 0;
const locate = (to: string, from = ''): Location => {
  const { pathname, search, hash } = new URL(to, `http://app${from}`);
  return { pathname, search, hash, key: String(++lastKey) };
};

// The location asked for (the browser's, or `path` in memory for a test), and the lazy
// screens as React.lazy; one that failed to download is asked again on the next navigation.
export function createRouter(routes: RouteObject[], path?: string) {
  const screens = new Map<RouteObject, React.ComponentType>();
  const failed = new Set<RouteObject>();
  const router = {
    routes,
    state: { location: locate(path ?? window.location.href), historyAction: 'POP' } as State,
    show: (_isNewScreen: boolean) => {}, // the provider's, once it is on the page
    go(location: Location, historyAction: State['historyAction'], isNewScreen = true) {
      for (const route of failed) screens.delete(route);
      failed.clear();
      router.state = { location, historyAction };
      router.show(isNewScreen);
    },
    screen(route: RouteObject, lazy: NonNullable<RouteObject['lazy']>) {
      let screen = screens.get(route);
      if (!screen) {
        const load = () => lazy().then(({ Component }) => ({ default: Component }));
        const fail = (error: unknown) => failed.add(route) && Promise.reject(error);
        // Arrived already (startScreen downloads the first screen's), it shows at once:
        // through React.lazy even an arrived screen suspends its first render, and React
        // then shows the fallback for 300 ms at least (the lan's page, its banner with it).
        screen = arrived.get(route) ?? React.lazy(() => load().catch(fail));
        screens.set(route, screen);
      }
      return screen;
    },
    // The browser's address follows what the provider has shown.
    shown({ location: { pathname, search, hash }, historyAction }: State) {
      const write = historyAction === 'PUSH' ? 'pushState' : 'replaceState';
      if (path !== undefined || historyAction === 'POP') return;
      history[write](null, '', pathname + search + hash);
    },
    // Only a new query on the same screen (a search field writing it) is not a new screen;
    // the same address again is (after a screen failed to download, it downloads again).
    navigate(to: string, { replace = false } = {}) {
      const { pathname, search } = router.state.location;
      const location = locate(to, pathname + search);
      const isQuery = location.pathname === pathname && location.search !== search;
      router.go(location, replace ? 'REPLACE' : 'PUSH', !isQuery);
    },
  };
  if (path === undefined)
    window.addEventListener('popstate', () => router.go(locate(window.location.href), 'POP'));
  return router;
}

type ProviderProps = { router: Router; fallback?: React.ReactNode };
type RouterValue = { router: Router; state: State; isPending: boolean };
const RouterContext = React.createContext({} as RouterValue);
const OutletContext = React.createContext<React.ReactNode>(null);
// wouter's links, redirects and hooks read the shown address, not the browser's history.
const useShownPath = (): [string, Router['navigate']] => {
  const { router, state } = React.use(RouterContext);
  return [state.location.pathname, router.navigate];
};
const useShownSearch = () => React.use(RouterContext).state.location.search;

// Shows the screen in its layouts (`fallback` until the first is in): a new screen as a
// transition, in slices that keep a phone responsive; a new query at once, never lagging.
export function RouterProvider({ router, fallback }: ProviderProps) {
  const [state, setState] = React.useState(router.state);
  const [isPending, startTransition] = React.useTransition();
  React.useLayoutEffect(() => {
    const show = () => setState(router.state);
    router.show = (isNewScreen) => (isNewScreen ? startTransition(show) : show());
    show();
  }, [router]);
  React.useLayoutEffect(() => router.shown(state), [router, state]);
  const value = React.useMemo(() => ({ router, state, isPending }), [router, state, isPending]);
  const branch = matchRoutes(router.routes, state.location.pathname);
  return (
    <RouterContext value={value}>
      <Wouter hook={useShownPath} searchHook={useShownSearch}>
        <React.Suspense fallback={fallback}>
          {branch ? <Route path={branch.path}>{render(branch.routes, router)}</Route> : null}
        </React.Suspense>
      </Wouter>
    </RouterContext>
  );
}

// Each route's element (or screen) with the next route's inside it, at its Outlet.
function render(routes: RouteObject[], router: Router, depth = 0): React.ReactNode {
  const route = routes[depth];
  if (!route) return null;
  const Screen = route.Component ?? (route.lazy ? router.screen(route, route.lazy) : Outlet);
  const outlet = render(routes, router, depth + 1);
  return <OutletContext value={outlet}>{route.element ?? <Screen />}</OutletContext>;
}

/** Where the child route's screen goes in a layout. */
export const Outlet = () => React.use(OutletContext);
export const useLocation = () => React.use(RouterContext).state.location;
export const useNavigationType = () => React.use(RouterContext).state.historyAction;
/** Whether the next screen is downloading (the old one showing). */
export const useIsNavigating = () => React.use(RouterContext).isPending;
export const useNavigate = () => React.use(RouterContext).router.navigate;
