import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type Location,
  type NavigationType,
  type Path,
  parsePath,
} from './history.ts';
import { matchRoutes, type RouteMatch, type RouteObject } from './match-routes.ts';

/** Where to go: a path (absolute, `?query`, `#fragment` or relative) or its parts. */
export type To = string | Partial<Path>;

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type RouterState = {
  location: Location;
  historyAction: NavigationType;
  /** The routes shown; null when no route matches (nothing is shown). */
  matches: RouteMatch[] | null;
  /** False until the first screen's module has downloaded. */
  initialized: boolean;
  /** A navigation waiting for its screen's module to download. */
  navigation: { state: 'idle' } | { state: 'loading'; location: Path };
  /** A screen's module that could not be downloaded, shown by the nearest error boundary. */
  loadError: { error: unknown; routeIndex: number } | null;
};

export type Router = {
  readonly state: RouterState;
  navigate(to: To, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** The screen of a route: its component, or its module's once downloaded. */
  componentOf(route: RouteObject): ComponentType | undefined;
  /** Downloads the shown address's screens again: after one failed to download. */
  retry(): Promise<void>;
};

/**
 * `to` resolved against the current path: an absolute path as it is, `?…` and `#…` on the
 * current path, `.`/`..`/`name` against the current path's segments.
 */
export function resolveTo(to: To, from: Path): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  const hash = target.hash ?? '';
  if (!target.pathname) {
    // `#…` alone keeps the query, as a browser does; `?…` replaces it.
    const keepsQuery = typeof to === 'string' ? to.startsWith('#') : target.search === undefined;
    return {
      pathname: from.pathname,
      search: keepsQuery ? from.search : (target.search ?? ''),
      hash,
    };
  }
  let pathname = target.pathname;
  if (!pathname.startsWith('/')) {
    const segments = from.pathname.split('/').filter(Boolean);
    for (const segment of pathname.split('/')) {
      if (segment === '..') segments.pop();
      else if (segment !== '.' && segment !== '') segments.push(segment);
    }
    pathname = `/${segments.join('/')}`;
  }
  return { pathname, search: target.search ?? '', hash };
}

/**
 * A small router with React Router's data-router behaviour where the app relies on it: a
 * lazy screen downloads before the address changes (the old screen stays, with
 * `navigation.state` "loading"), a failed download shows the nearest error boundary, and
 * routes rank as they do there. It is what the first screen can afford: React Router's
 * data router is 30 KB gzipped, this about 2.
 */
function createRouter(routes: RouteObject[], history: History): Router {
  const loaded = new WeakMap<RouteObject, ComponentType>();
  const listeners = new Set<() => void>();
  let latestNavigation = 0;

  const set = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  /** Downloads the lazy screens of `matches`; the error and the route's index if one fails. */
  const load = async (matches: RouteMatch[] | null): Promise<RouterState['loadError']> => {
    const pending = (matches ?? []).map(async ({ route }, routeIndex) => {
      if (!route.lazy || loaded.has(route)) return null;
      try {
        loaded.set(route, (await route.lazy()).Component);
        return null;
      } catch (error) {
        return { error, routeIndex };
      }
    });
    return (await Promise.all(pending)).find((failure) => failure !== null) ?? null;
  };

  const needsLoading = (matches: RouteMatch[] | null) =>
    (matches ?? []).some(({ route }) => route.lazy && !loaded.has(route));

  /** Shows `location` once its screens are downloaded, unless a newer navigation began. */
  const show = async (
    location: Path,
    historyAction: NavigationType,
    commit: () => Location,
  ): Promise<void> => {
    const navigationId = ++latestNavigation;
    const matches = matchRoutes(routes, location.pathname);
    let loadError: RouterState['loadError'] = null;
    // To another path, a task later, as React Router's navigations land: what the caller
    // set just before navigating renders at the old location first (a notice meant to
    // survive this very navigation is settled there, then carried to the new screen). On
    // the same path (a query a search field writes as it is typed) at once: a field whose
    // value comes back a task later loses the letters typed meanwhile.
    if (location.pathname !== router.state.location.pathname) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (needsLoading(matches)) {
      if (router.state.initialized) set({ navigation: { state: 'loading', location } });
      loadError = await load(matches);
    }
    if (navigationId !== latestNavigation) return;
    set({
      location: commit(),
      historyAction,
      matches,
      initialized: true,
      navigation: { state: 'idle' },
      loadError,
    });
  };

  const initialMatches = matchRoutes(routes, history.location.pathname);
  let state: RouterState = {
    location: history.location,
    historyAction: 'POP',
    matches: initialMatches,
    initialized: !needsLoading(initialMatches),
    navigation: { state: 'idle' },
    loadError: null,
  };
  const router: Router = {
    get state() {
      return state;
    },
    navigate(to, { replace = false, state = null } = {}) {
      const path = resolveTo(to, router.state.location);
      return show(path, replace ? 'REPLACE' : 'PUSH', () => {
        if (replace) history.replace(path, state);
        else history.push(path, state);
        return history.location;
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    componentOf: (route) => route.Component ?? loaded.get(route),
    // A browser asked again for a module that failed fetches it again (Chromium does, as
    // e2e/no-dead-ends.e2e.ts shows), and `loaded` keeps only what arrived: showing the
    // same address again is the retry.
    retry: () => show(state.location, state.historyAction, () => history.location),
  };

  history.listen((location) => {
    void show(location, 'POP', () => location);
  });
  if (!state.initialized) void show(history.location, 'POP', () => history.location);
  return router;
}

/*
 * Starting what `pathname` will show before showing anything: called as the app starts, the
 * screens' modules and reads load while the visitor's session and user do, not after. The
 * router's own download then finds the modules in the browser's module map, the screens
 * their answers in the query cache. A failure is left to the router and the screens, which
 * show it when they try themselves.
 */

/** Starts downloading the lazy screens' modules of `pathname`. */
export function preloadScreens(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    route.lazy?.().catch(() => undefined);
  }
}

/** Starts the reads of `pathname`'s screens (each route's `prefetch`). */
export function prefetchReads(routes: RouteObject[], pathname: string, queryClient: QueryClient) {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    route.prefetch?.(params, queryClient);
  }
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries }: { initialEntries?: string[] } = {},
): Router {
  return createRouter(routes, createMemoryHistory(initialEntries));
}
