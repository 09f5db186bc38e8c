import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  idParam,
  Link,
  matchPath,
  matchRoutes,
  NavLink,
  Outlet,
  prefetchReads,
  preloadScreens,
  type RouteObject,
  type Router,
  RouterProvider,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './index.ts';
import { resolveTo } from './router.ts';

const pathsOf = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map(({ route }) => route.path ?? (route.index ? '(index)' : '-'));

describe('matchRoutes', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        { path: 'lans/:id' },
        { path: 'lans/upcoming' },
        {
          path: 'admin',
          children: [{ children: [{ path: 'lans/:id' }, { path: 'lans/new' }] }],
        },
        { path: '*' },
      ],
    },
  ];

  it('prefers a static segment to a parameter, whatever the order of the table', () => {
    expect(pathsOf(routes, '/lans/upcoming')).toEqual(['/', 'lans/upcoming']);
    expect(pathsOf(routes, '/lans/7')).toEqual(['/', 'lans/:id']);
    expect(pathsOf(routes, '/admin/lans/new')).toEqual(['/', 'admin', '-', 'lans/new']);
  });

  it('shows the index route at its parent path, and falls back to the splat', () => {
    expect(pathsOf(routes, '/')).toEqual(['/', '(index)']);
    expect(pathsOf(routes, '/no/such/page')).toEqual(['/', '*']);
  });

  it('gives every route of the match all parameters, decoded', () => {
    const matches = matchRoutes(routes, '/admin/lans/a%20b');
    expect(matches?.map(({ params }) => params.id)).toEqual(['a b', 'a b', 'a b', 'a b']);
  });

  it('ignores case and a trailing slash, as links in the wild differ', () => {
    expect(pathsOf(routes, '/Lans/Upcoming/')).toEqual(['/', 'lans/upcoming']);
  });

  it('matches nothing when the table has no route for the path', () => {
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull();
  });
});

describe('idParam', () => {
  it('reads a whole number from 1 as the id, anything else as none', () => {
    expect(idParam('7')).toBe(7);
    for (const text of [undefined, '', '0', '-3', '2.5', 'abc', '1e400']) {
      expect(idParam(text)).toBeNull();
    }
  });
});

describe('matchPath', () => {
  it('matches a path and everything below it with a final /*', () => {
    expect(matchPath('/lans/*', '/lans')).not.toBeNull();
    expect(matchPath('/lans/*', '/lans/7/edit')?.params['*']).toBe('7/edit');
    expect(matchPath('/lans/*', '/lanners')).toBeNull();
    expect(matchPath('/admin/lans/:id/*', '/admin/lans/3/check-in')?.params.id).toBe('3');
  });

  it('matches only the path itself without it, unless end is false', () => {
    expect(matchPath('/admin/lans', '/admin/lans/3')).toBeNull();
    expect(matchPath({ path: '/admin/lans', end: false }, '/admin/lans/3')).not.toBeNull();
    expect(matchPath({ path: '/admin/lans', end: false }, '/admin/lansx')).toBeNull();
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/admin/sign-ups', search: '?page=3', hash: '#top' };

  it.each([
    ['/lans/1?x=1#y', { pathname: '/lans/1', search: '?x=1', hash: '#y' }],
    ['?page=2', { pathname: '/admin/sign-ups', search: '?page=2', hash: '' }],
    ['#code=1', { pathname: '/admin/sign-ups', search: '?page=3', hash: '#code=1' }],
    ['?page=2#top', { pathname: '/admin/sign-ups', search: '?page=2', hash: '#top' }],
    ['.', { pathname: '/admin/sign-ups', search: '', hash: '' }],
    ['..', { pathname: '/admin', search: '', hash: '' }],
    ['../users', { pathname: '/admin/users', search: '', hash: '' }],
  ])('resolves %s against the current path', (to, expected) => {
    expect(resolveTo(to, from)).toEqual(expected);
  });

  it('takes the parts given as an object, the current path for a missing one', () => {
    expect(resolveTo({ search: '?a=1' }, from)).toEqual({
      pathname: '/admin/sign-ups',
      search: '?a=1',
      hash: '',
    });
  });
});

/** A lazy route whose module arrives (or fails) when the test says so. */
function deferredScreen() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const lazy = vi.fn(
    () =>
      new Promise<{ Component: () => React.JSX.Element }>((resolve, reject) => {
        settle = {
          resolve: () => resolve({ Component: () => <h1>Lazy screen</h1> }),
          reject,
        };
      }),
  );
  return {
    lazy,
    /** Navigates to `to`; returns (the navigation under way) once the module is asked for. */
    async startNavigation(router: Router, to: string) {
      const done = router.navigate(to);
      await waitFor(() => expect(lazy).toHaveBeenCalled());
      return { done };
    },
    resolve: () => settle?.resolve(),
    reject: (error: Error) => settle?.reject(error),
  };
}

function Layout() {
  const navigation = useNavigation();
  return (
    <>
      <p>Navigation {navigation.state}</p>
      <Link to="/lazy">Open lazy</Link>
      <Link to="/plain">Open plain</Link>
      <Outlet />
    </>
  );
}

function Failure() {
  return <p role="alert">Failed: {String((useRouteError() as Error).message)}</p>;
}

function tableWith(lazy: RouteObject['lazy']): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      children: [
        {
          ErrorBoundary: Failure,
          children: [
            { index: true, element: <h1>Home</h1> },
            { path: 'plain', element: <h1>Plain screen</h1> },
            { path: 'lazy', lazy },
          ],
        },
      ],
    },
  ];
}

describe('a lazy screen', () => {
  it('downloads before the address changes, the old screen showing "loading"', async () => {
    const screenModule = deferredScreen();
    const router = createMemoryRouter(tableWith(screenModule.lazy), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Open lazy' }));

    await screen.findByText('Navigation loading');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await act(() => screenModule.resolve());
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument();
    expect(screen.getByText('Navigation idle')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lazy');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('is downloaded once, however often it is opened', async () => {
    const lazy = vi.fn(async () => ({ Component: () => <h1>Lazy screen</h1> }));
    const router = createMemoryRouter(tableWith(lazy), { initialEntries: ['/lazy'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Lazy screen' });
    await act(() => router.navigate('/plain'));
    await act(() => router.navigate('/lazy'));
    await screen.findByRole('heading', { name: 'Lazy screen' });
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it('gives way to a navigation that begins while it downloads', async () => {
    const screenModule = deferredScreen();
    const router = createMemoryRouter(tableWith(screenModule.lazy), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const toLazy = await screenModule.startNavigation(router, '/lazy');
    await act(() => router.navigate('/plain'));
    await act(async () => {
      screenModule.resolve();
      await toLazy.done;
    });
    expect(screen.getByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plain');
  });

  it('that cannot be downloaded is shown by the nearest error boundary, in the layout', async () => {
    const screenModule = deferredScreen();
    const router = createMemoryRouter(tableWith(screenModule.lazy), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const toLazy = await screenModule.startNavigation(router, '/lazy');
    await act(async () => {
      screenModule.reject(new TypeError('Failed to fetch dynamically imported module'));
      await toLazy.done;
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dynamically');
    expect(screen.getByRole('link', { name: 'Open plain' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Open plain' }));
    expect(await screen.findByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('preloadScreens', () => {
  it("starts downloading only the path's lazy screens, and a failure throws nothing", async () => {
    const lazy = vi.fn(async () => ({ Component: () => <h1>Lazy screen</h1> }));
    preloadScreens(tableWith(lazy), '/plain');
    expect(lazy).not.toHaveBeenCalled();
    preloadScreens(tableWith(lazy), '/lazy');
    expect(lazy).toHaveBeenCalledTimes(1);

    // Left unhandled, the rejection would fail the run (Vitest reports it).
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => preloadScreens(tableWith(failing), '/lazy')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe('prefetchReads', () => {
  it("starts the reads of every route the path shows, with the path's parameters", () => {
    const queryClient = new QueryClient();
    const layout = vi.fn();
    const screenReads = vi.fn();
    const other = vi.fn();
    const routes: RouteObject[] = [
      {
        path: '/',
        prefetch: layout,
        children: [
          { path: 'lans/:id', prefetch: screenReads },
          { path: 'lanners', prefetch: other },
        ],
      },
    ];
    prefetchReads(routes, '/lans/7', queryClient);
    expect(layout).toHaveBeenCalledWith({ id: '7' }, queryClient);
    expect(screenReads).toHaveBeenCalledWith({ id: '7' }, queryClient);
    expect(other).not.toHaveBeenCalled();
  });
});

describe('a screen that throws while rendering', () => {
  it('is replaced by the error boundary until the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('broken screen');
    }
    const router = createMemoryRouter(
      tableWith(async () => ({ Component: Broken })),
      { initialEntries: ['/lazy'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('broken screen');
    await act(() => router.navigate('/plain'));
    expect(screen.getByRole('heading', { name: 'Plain screen' })).toBeInTheDocument();
  });
});

describe('links', () => {
  it('marks the current page, below it too unless end is set', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin/lans/:id',
          element: (
            <>
              <NavLink to="/admin/lans">Lans</NavLink>
              <NavLink to="/admin/lans" end>
                Lans only
              </NavLink>
            </>
          ),
        },
      ],
      { initialEntries: ['/admin/lans/3'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Lans' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Lans only' })).not.toHaveAttribute('aria-current');
  });

  it('follows a plain click in the app, leaves a modified click to the browser', async () => {
    function Screen() {
      const { id } = useParams();
      return (
        <>
          <h1>Lan {id}</h1>
          <Link to="/lans/4">Next lan</Link>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/lans/:id', element: <Screen /> }], {
      initialEntries: ['/lans/3'],
    });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Next lan' });
    expect(link).toHaveAttribute('href', '/lans/4');

    // Left to the browser: the click reaches the document not prevented (which then stops
    // it, as jsdom cannot open a tab).
    let leftToBrowser = false;
    const catchClick = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', catchClick, { once: true });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/lans/3');

    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Lan 4' })).toBeInTheDocument();
  });

  it('sets the query with useSearchParams, keeping the path', async () => {
    function Screen() {
      const [searchParams, setSearchParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setSearchParams({ page: '2' }, { replace: true })}>
          Page {searchParams.get('page') ?? 'none'}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '/admin/users', element: <Screen /> }], {
      initialEntries: ['/admin/users?q=nova'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page none' }));
    expect(await screen.findByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/admin/users', search: '?page=2' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

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
    const router = createMemoryRouter([{ path: '/admin/users', element: <Search /> }], {
      initialEntries: ['/admin/users'],
    });
    render(<RouterProvider router={router} />);
    // No pause between the keys: each letter lands before the next is typed.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search'), 'lanparty');
    expect(screen.getByLabelText('Search')).toHaveValue('lanparty');
    expect(router.state.location.search).toBe('?q=lanparty');
  });
});

describe('the browser router', () => {
  it('follows back and forward, each entry keeping its key', async () => {
    window.history.replaceState(null, '', '/first');
    const router = createBrowserRouter([
      { path: '/first', element: <h1>First</h1> },
      { path: '/second', element: <h1>Second</h1> },
    ]);
    render(<RouterProvider router={router} />);
    const firstKey = router.state.location.key;
    await act(() => router.navigate('/second', { state: { from: 'first' } }));
    expect(window.location.pathname).toBe('/second');
    expect(router.state.location.state).toEqual({ from: 'first' });

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.historyAction).toBe('POP'));
    expect(router.state.location.key).toBe(firstKey);
  });
});
