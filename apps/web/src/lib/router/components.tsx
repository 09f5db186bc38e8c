import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPath, type Location, type NavigationType } from './history.ts';
import { matchPath, type Params, type RouteMatch, type RouteObject } from './match-routes.ts';
import {
  createMemoryRouter,
  type NavigateOptions,
  type Router,
  type RouterState,
  resolveTo,
  type To,
} from './router.ts';

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('Router hooks and links need a RouterProvider above them.');
  return context;
}

/**
 * Shows the screen of the router's location, inside its layouts. A new screen renders as
 * a transition, as React Router's navigations do: React renders it in slices, the page
 * staying responsive, rather than in one long task. A change on the same screen (its
 * query, as a search field types it) renders at once, so the field never lags.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(() => router.state);
  const shown = useRef(state);
  useLayoutEffect(() => {
    const update = () => {
      const next = router.state;
      const isNewScreen =
        next.initialized !== shown.current.initialized ||
        next.matches?.at(-1)?.route !== shown.current.matches?.at(-1)?.route;
      shown.current = next;
      if (isNewScreen) startTransition(() => setState(next));
      else setState(next);
    };
    const unsubscribe = router.subscribe(update);
    // A change between the first render and now is not missed.
    update();
    return unsubscribe;
  }, [router]);
  const value = useMemo(() => ({ router, state }), [router, state]);
  let content: ReactNode = null;
  if (!state.initialized) {
    const Fallback = state.matches?.find(({ route }) => route.HydrateFallback)?.route
      .HydrateFallback;
    content = Fallback ? <Fallback /> : null;
  } else if (state.matches) {
    content = renderMatches(router, state, 0);
  }
  return <RouterContext.Provider value={value}>{content}</RouterContext.Provider>;
}

/** A router in memory around `children`, for rendering a part of the app in tests. */
export function MemoryRouter({
  children,
  initialEntries,
}: {
  children: ReactNode;
  initialEntries?: string[];
}) {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: children }], { initialEntries }),
  );
  return <RouterProvider router={router} />;
}

function renderMatches(router: Router, state: RouterState, index: number): ReactNode {
  const match = state.matches?.[index];
  if (!match) return null;
  const { route } = match;
  const loadError = state.loadError;
  // A screen that failed to download is shown by the error boundary nearest above it.
  if (loadError && route.ErrorBoundary && isNearestBoundary(state.matches, index, loadError)) {
    return (
      <RouteErrorContext.Provider value={loadError.error}>
        <route.ErrorBoundary />
      </RouteErrorContext.Provider>
    );
  }
  const Screen = router.componentOf(route);
  const element = route.element ?? (Screen ? <Screen /> : <Outlet />);
  const content = (
    <OutletContext.Provider value={renderMatches(router, state, index + 1)}>
      {element}
    </OutletContext.Provider>
  );
  if (!route.ErrorBoundary) return content;
  return (
    <RenderErrorBoundary location={state.location} fallback={route.ErrorBoundary}>
      {content}
    </RenderErrorBoundary>
  );
}

function isNearestBoundary(
  matches: RouteMatch[] | null,
  index: number,
  { routeIndex }: { routeIndex: number },
): boolean {
  if (!matches || index > routeIndex) return false;
  return !matches.slice(index + 1, routeIndex + 1).some(({ route }) => route.ErrorBoundary);
}

type BoundaryProps = {
  location: Location;
  fallback: NonNullable<RouteObject['ErrorBoundary']>;
  children: ReactNode;
};
type BoundaryState = { error: unknown; location: Location; hasError: boolean };

/** Catches a screen that throws while rendering; a new location tries again. */
class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: undefined,
    location: this.props.location,
    hasError: false,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (props.location === state.location) return null;
    return { error: undefined, hasError: false, location: props.location };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

/** Where the child route's screen goes in a layout. */
export function Outlet() {
  return useContext(OutletContext);
}

/** What the nearest error boundary caught. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

export function useNavigationType(): NavigationType {
  return useRouterContext().state.historyAction;
}

/** "loading" while a screen's module downloads before a navigation completes. */
export function useNavigation(): RouterState['navigation'] {
  return useRouterContext().state.navigation;
}

/** The parameters of the current route (all of them, from the root to the screen). */
export function useParams(): Params {
  return useRouterContext().state.matches?.[0]?.params ?? {};
}

export function useMatch(pattern: string): { params: Params } | null {
  return matchPath(pattern, useLocation().pathname);
}

export function useNavigate(): (to: To, options?: NavigateOptions) => Promise<void> {
  const { router } = useRouterContext();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { search } = useLocation();
  const { router } = useRouterContext();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const current = new URLSearchParams(router.state.location.search);
      const value = new URLSearchParams(typeof next === 'function' ? next(current) : next);
      void router.navigate(`?${value}`, options);
    },
    [router],
  );
  return [searchParams, setSearchParams];
}

/** Downloads the shown screens again, after one failed to download (`Router.retry`). */
export function useRetryScreen(): () => Promise<void> {
  const { router } = useRouterContext();
  return useCallback(() => router.retry(), [router]);
}

/** Goes to `to` when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { router } = useRouterContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a redirect happens once, where it is rendered
  useEffect(() => {
    void router.navigate(to, { replace, state });
  }, []);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link within the app: a real `href`, followed without reloading the page. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router, state: routerState } = useRouterContext();
  const href = createPath(resolveTo(to, routerState.location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (target && target !== '_self') return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

/** A link marked `aria-current="page"` while its path (or, without `end`, one below it) is shown. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = resolveTo(props.to, { pathname, search: '', hash: '' });
  const isActive = matchPath({ path: target.pathname, end }, pathname) !== null;
  return <Link aria-current={isActive ? 'page' : undefined} {...props} />;
}
