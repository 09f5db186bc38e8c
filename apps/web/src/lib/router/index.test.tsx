import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createRouter,
  Link,
  type Location,
  matchRoutes,
  Outlet,
  type RouteObject,
  RouterProvider,
  startScreen,
  useIsNavigating,
  useLocation,
  useNavigate,
  useSearchParams,
} from './index.tsx';

/*
 * What the app adds to wouter: the route table, screens that download before the address
 * changes, their failures and retries, and the first screen's downloads and reads.
 */

/** A lazy screen whose module arrives, or fails, when the test says so. */
function deferredModule() {
  const settles: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const lazy = vi.fn(
    () =>
      new Promise<{ Component: ComponentType }>((resolve, reject) => {
        settles.push({ resolve: () => resolve({ Component: () => <h1>Lazy screen</h1> }), reject });
      }),
  );
  return {
    lazy,
    resolve: () => act(() => settles.at(-1)?.resolve()),
    reject: (message: string) => act(() => settles.at(-1)?.reject(new TypeError(message))),
  };
}

function Layout() {
  return (
    <>
      <p>Navigation {useIsNavigating() ? 'loading' : 'idle'}</p>
      <p>Address {useLocation().pathname}</p>
      <Link to="/lazy">Open lazy</Link>
      <Link to="/plain">Open plain</Link>
      <Outlet />
    </>
  );
}

// An error boundary as the app's RouteErrorBoundary is, around the screens inside it.
type Caught = { location?: Location; error?: Error };
class Boundary extends Component<{ location: Location; children: ReactNode }, Caught> {
  override state: Caught = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  static getDerivedStateFromProps = ({ location }: { location: Location }, state: Caught) =>
    location === state.location ? null : { location, error: undefined };
  override render() {
    return this.state.error ? <Failure error={this.state.error} /> : this.props.children;
  }
}

function Failure({ error }: { error: Error }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const retry = () => navigate(pathname, { replace: true });
  return (
    <>
      <p role="alert">Failed: {error.message}</p>
      <button type="button" onClick={() => void retry()}>
        Retry
      </button>
    </>
  );
}

const tableWith = (lazy: RouteObject['lazy']): RouteObject[] => [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        Component: () => (
          <Boundary location={useLocation()}>
            <Outlet />
          </Boundary>
        ),
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'plain', element: <h1>Plain screen</h1> },
          { path: 'lazy', lazy },
        ],
      },
    ],
  },
];

function renderAt(path: string, routes: RouteObject[]) {
  const router = createRouter(routes, path);
  render(<RouterProvider router={router} fallback={<p>Starting</p>} />);
  return router;
}

describe('the route table', () => {
  it('shows the first route in its order that matches: index at its parent, then any other', () => {
    const screens = [{ path: 'lans/upcoming' }, { path: 'lans/:id' }, { path: '*' }];
    const routes: RouteObject[] = [{ path: '/', children: [{ index: true }, ...screens] }];
    const shown = (path: string) => matchRoutes(routes, path)?.routes;
    expect(shown('/')?.at(-1)?.index).toBe(true);
    expect(shown('/lans/upcoming')?.at(-1)?.path).toBe('lans/upcoming');
    expect(shown('/LANS/7/')).toEqual([routes[0], screens[1]]);
    expect(shown('/lans')?.at(-1)?.path).toBe('*');
  });
});

describe('a lazy screen', () => {
  it('shows the fallback until the first screen has downloaded', async () => {
    const module = deferredModule();
    renderAt('/lazy', tableWith(module.lazy));
    expect(screen.getByText('Starting')).toBeInTheDocument();
    await module.resolve();
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
  });

  it('downloads before the address changes, the old screen showing "loading"', async () => {
    const module = deferredModule();
    const router = renderAt('/', tableWith(module.lazy));
    fireEvent.click(screen.getByRole('link', { name: 'Open lazy' }));

    await screen.findByText('Navigation loading');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Address /')).toBeInTheDocument();

    await module.resolve();
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(screen.getByText('Navigation idle')).toBeInTheDocument();
    expect(screen.getByText('Address /lazy')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('is downloaded once, however often it is opened', async () => {
    const lazy = vi.fn(async () => ({ Component: () => <h1>Lazy screen</h1> }));
    const router = renderAt('/lazy', tableWith(lazy));
    await screen.findByRole('heading', { name: 'Lazy screen' });
    await act(() => router.navigate('/plain'));
    await act(() => router.navigate('/lazy'));
    expect(screen.getByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it('gives way to a navigation that begins while it downloads', async () => {
    const module = deferredModule();
    const router = renderAt('/', tableWith(module.lazy));
    const toLazy = router.navigate('/lazy');
    await waitFor(() => expect(module.lazy).toHaveBeenCalled());
    await act(() => router.navigate('/plain'));
    await module.resolve();
    await act(() => toLazy);
    expect(screen.getByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plain');
  });

  it('that fails is shown by the error boundary in the layout, and downloads again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const module = deferredModule();
    const router = renderAt('/', tableWith(module.lazy));
    const toLazy = router.navigate('/lazy');
    await waitFor(() => expect(module.lazy).toHaveBeenCalled());
    await module.reject('Failed to fetch dynamically imported module');
    await act(() => toLazy);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dynamically');
    expect(screen.getByRole('link', { name: 'Open plain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lazy');

    // Still down: the boundary stays, with the new failure (RouteError then waits longer).
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(module.lazy).toHaveBeenCalledTimes(2));
    await module.reject('Still down');
    expect(await screen.findByRole('alert')).toHaveTextContent('Still down');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(module.lazy).toHaveBeenCalledTimes(3));
    await module.resolve();
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a screen that throws while rendering', () => {
  it('is replaced by the error boundary until the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('broken screen');
    }
    const router = renderAt(
      '/lazy',
      tableWith(async () => ({ Component: Broken })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('broken screen');
    await act(() => router.navigate('/plain'));
    expect(screen.getByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
  });
});

describe("the first screen's start", () => {
  it('shows a screen startScreen has downloaded at once, without the fallback, downloaded once', async () => {
    const lazy = vi.fn(async () => ({ Component: () => <h1>Lazy screen</h1> }));
    const routes = tableWith(lazy);
    startScreen(routes, '/lazy');
    await act(async () => {});
    renderAt('/lazy', routes);
    // In the first render: no fallback shown for React's 300 ms before it.
    expect(screen.getByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(screen.queryByText('Starting')).not.toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it("startScreen starts downloading only the path's lazy screens; a failure throws nothing", async () => {
    const lazy = vi.fn(async () => ({ Component: () => <h1>Lazy screen</h1> }));
    startScreen(tableWith(lazy), '/plain');
    expect(lazy).not.toHaveBeenCalled();
    startScreen(tableWith(lazy), '/lazy');
    expect(lazy).toHaveBeenCalledTimes(1);
    // Left unhandled, the rejection would fail the run (Vitest reports it).
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => startScreen(tableWith(failing), '/lazy')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("startScreen with a query client starts the reads of every route the path shows, with the path's parameters", () => {
    const queryClient = new QueryClient();
    const [layout, lan, lanners] = [vi.fn(), vi.fn(), vi.fn()];
    const routes: RouteObject[] = [
      {
        path: '/',
        prefetch: layout,
        children: [
          { path: 'lans/:id', prefetch: lan },
          { path: 'lanners', prefetch: lanners },
        ],
      },
    ];
    startScreen(routes, '/lans/7', queryClient);
    expect(layout).toHaveBeenCalledWith(expect.objectContaining({ id: '7' }), queryClient);
    expect(lan).toHaveBeenCalledWith(expect.objectContaining({ id: '7' }), queryClient);
    expect(lanners).not.toHaveBeenCalled();
  });
});

describe('the query', () => {
  it('keeps every letter of a search field that writes the query as it is typed', async () => {
    function Search() {
      const [searchParams, setSearchParams] = useSearchParams();
      return (
        <input
          aria-label="Search"
          value={searchParams.get('q') ?? ''}
          onChange={(event) => setSearchParams({ q: event.target.value }, { replace: true })}
        />
      );
    }
    const router = renderAt('/admin/users', [{ path: '/admin/users', element: <Search /> }]);
    // No pause between the keys: each letter lands before the next is typed.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search'), 'lanparty');
    expect(screen.getByLabelText('Search')).toHaveValue('lanparty');
    expect(router.state.location.search).toBe('?q=lanparty');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('the browser router', () => {
  it("changes the browser's address once the screen is in, and follows back", async () => {
    window.history.replaceState(null, '', '/plain');
    const module = deferredModule();
    const router = createRouter(tableWith(module.lazy));
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('link', { name: 'Open lazy' }));
    await waitFor(() => expect(module.lazy).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/plain');
    await module.resolve();
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/lazy');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
  });
});
