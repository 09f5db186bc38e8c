import { buildLan, buildPage, buildSubscriber, buildUserPublic } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { subscriptionMessages } from '../components/subscription-panel.tsx';

function stubLans(lans: ReturnType<typeof buildLan>[], extra = {}) {
  return stubFetch({
    'GET /api/lans': () => jsonResponse(buildPage(lans)),
    ...extra,
  });
}

/**
 * The snowflakes drawn in a banner's three layers: each layer is one path of circles, a
 * move to each circle, then two arcs round it.
 */
function snowflakesIn(snow: HTMLElement): number {
  const paths = [...snow.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
  expect(paths).toHaveLength(3);
  return paths.reduce((sum, d) => {
    const circles = d.match(/M[^M]*/g) ?? [];
    for (const circle of circles) expect(circle.match(/a/g)).toHaveLength(2);
    return sum + circles.length;
  }, 0);
}

const lanner = () => buildViewer({ id: 1, roles: ['Lanner'] });

afterEach(() => vi.useRealTimers());

describe('lans/upcoming', () => {
  it('says no lan-party is planned when there are none', async () => {
    const { requests } = stubLans([]);
    renderApp('/lans/upcoming');
    expect(await screen.findByText("No lan-party's are planned")).toBeInTheDocument();
    const query = requests[0]?.url.searchParams;
    expect(query?.get('sort')).toBe('start-date');
    expect(query?.get('limit')).toBe('5');
    expect(screen.getByRole('link', { name: 'Archive' })).toHaveAttribute('href', '/lans/archive');
  });

  it('offers a subscription to the calendar feed, on the address the server gives, and the file beside it', async () => {
    const { requests } = stubLans([], {
      'GET /api/settings/calendar-feed': () =>
        jsonResponse({
          url: 'https://lan.example.org/api/lans.ics',
          subscriptionUrl: 'webcal://lan.example.org/api/lans.ics',
        }),
    });
    renderApp('/lans/upcoming');
    expect(await screen.findByRole('link', { name: 'Subscribe in your calendar' })).toHaveAttribute(
      'href',
      'webcal://lan.example.org/api/lans.ics',
    );
    const download = screen.getByRole('link', { name: 'Download the calendar' });
    expect(download).toHaveAttribute('href', '/api/lans.ics');
    expect(download).toHaveAttribute('download', 'lanparty.ics');
    expect(requests.some((request) => request.url.pathname === '/api/settings/calendar-feed')).toBe(
      true,
    );
  });

  it('still offers the download when the feed’s address cannot be read', async () => {
    stubLans([], {
      'GET /api/settings/calendar-feed': () => problemResponse(503, { detail: 'Busy.' }),
    });
    renderApp('/lans/upcoming');
    expect(await screen.findByRole('link', { name: 'Download the calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribe in your calendar' })).toBeNull();
  });

  it('shows one lan in full with 200 snowflakes and no Soon section', async () => {
    stubLans([buildLan()]);
    renderApp('/lans/upcoming');
    expect(
      await screen.findByRole('heading', { name: 'Winter Lan', level: 2 }),
    ).toBeInTheDocument();
    expect(snowflakesIn(screen.getByTestId('snowflakes'))).toBe(200);
    expect(screen.queryByRole('heading', { name: 'Soon' })).not.toBeInTheDocument();
  });

  it('links every card to its lan’s page, the lan shown in full too', async () => {
    stubLans([1, 2].map((id) => buildLan({ id, name: `Lan ${id}` })));
    renderApp('/lans/upcoming');
    const featured = await screen.findByRole('article', { name: 'Lan 1' });
    expect(within(featured).getByRole('link', { name: 'Lan 1' })).toHaveAttribute(
      'href',
      '/lans/1',
    );
    const soon = screen.getByRole('article', { name: 'Lan 2' });
    expect(within(soon).getByRole('link', { name: 'Lan 2' })).toHaveAttribute('href', '/lans/2');
  });

  it('shows the first of five in full and the other four as Soon cards', async () => {
    stubLans([1, 2, 3, 4, 5].map((id) => buildLan({ id, name: `Lan ${id}` })));
    renderApp('/lans/upcoming');
    expect(await screen.findByRole('heading', { name: 'Lan 1', level: 2 })).toBeInTheDocument();
    const soon = screen.getByRole('heading', { name: 'Soon' }).closest('section') as HTMLElement;
    expect(within(soon).getAllByRole('article')).toHaveLength(4);
    expect(within(soon).getByRole('link', { name: 'Lan 5' })).toHaveAttribute('href', '/lans/5');
  });

  it('shows each banner at the width of its card, the placeholder for a lan without one, without asking', async () => {
    const { fetchMock } = stubLans([
      buildLan({ id: 1, name: 'Lan 1', bannerVersion: 'b-one' }),
      buildLan({ id: 2, name: 'Lan 2', bannerVersion: 'b-two' }),
      buildLan({ id: 3, name: 'Lan 3' }),
    ]);
    renderApp('/lans/upcoming');
    const featured = await screen.findByRole('article', { name: 'Lan 1' });
    const bannerOf = (card: HTMLElement) => card.querySelector('img') as HTMLImageElement;
    const widths = [400, 720, 1120, 1600];

    const full = bannerOf(featured);
    expect(full).toHaveAttribute('src', '/api/assets/lan-1?v=b-one');
    expect(full.getAttribute('srcset')).toBe(
      widths.map((width) => `/api/assets/lan-1?v=b-one&w=${width} ${width}w`).join(', '),
    );
    // The page's width: the viewport less its gutters, at most 69rem (1,104 px).
    expect(full).toHaveAttribute(
      'sizes',
      '(max-width: 30rem) calc(100vw - 2rem), (max-width: 72rem) calc(100vw - 3rem), 69rem',
    );
    expect(full).not.toHaveAttribute('loading');
    const soon = bannerOf(screen.getByRole('article', { name: 'Lan 2' }));
    expect(soon.getAttribute('srcset')).toContain('/api/assets/lan-2?v=b-two&w=720 720w');
    // Two abreast from 50rem.
    expect(soon.getAttribute('sizes')).toContain('(max-width: 72rem) calc(50vw - 2.125rem)');
    expect(soon).toHaveAttribute('loading', 'lazy');
    const placeholder = bannerOf(screen.getByRole('article', { name: 'Lan 3' }));
    // Our own picture at a banner's widths, not an SVG image (a page of its own to set up).
    expect(placeholder.getAttribute('src')).toMatch(/lan-banner-placeholder-720\.webp$/);
    expect(placeholder.getAttribute('srcset')).toMatch(/-720\.webp 720w, .*-1600\.webp 1600w$/);
    expect(placeholder.getAttribute('sizes')).toContain('(max-width: 72rem) calc(50vw - 2.125rem)');
    for (const image of [full, soon, placeholder]) {
      expect(image).toHaveAttribute('width', '1200');
      expect(image).toHaveAttribute('height', '400');
      expect(image).toHaveAttribute('decoding', 'async');
    }
    // The lans, and the calendar feed's address below them: nothing about a banner.
    const asked = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://x').pathname,
    );
    expect(asked.filter((pathname) => pathname !== '/api/settings/calendar-feed')).toEqual([
      '/api/lans',
    ]);
  });

  it('counts Lanners (accepted + paid) and Open places', async () => {
    const subscribers = [
      buildSubscriber({ id: 1, status: 'Paid' }),
      buildSubscriber({ id: 2, status: 'Accepted' }),
      buildSubscriber({ id: 3, status: 'Pending' }),
      buildSubscriber({ id: 4, status: 'Denied' }),
    ];
    stubLans([buildLan({ maximumSubcribers: 10, subscribers })]);
    renderApp('/lans/upcoming');
    const card = await screen.findByRole('article', { name: 'Winter Lan' });
    expect(within(card).getByText('Lanners').nextElementSibling).toHaveTextContent('2');
    expect(within(card).getByText('Open').nextElementSibling).toHaveTextContent('8');
    expect(within(card).getByText('Start').nextElementSibling).toHaveTextContent('04 Dec 2099');
  });

  it('shows a visitor the price they pay first, and the member price labelled for members', async () => {
    stubLans([buildLan({ price: 30, membersPrice: 20 })]);
    renderApp('/lans/upcoming');
    const price = (await screen.findByText('Price')).nextElementSibling as HTMLElement;
    expect(price).toHaveTextContent(/^€30\.00, €20\.00 for members$/);
    expect(price.querySelector('s')).toBeNull();
  });

  it('shows a lanner who is no member the same: the price first', async () => {
    stubLans([buildLan({ price: 30, membersPrice: 20 })]);
    renderApp('/lans/upcoming', { viewer: lanner() });
    const price = (await screen.findByText('Price')).nextElementSibling as HTMLElement;
    expect(price).toHaveTextContent(/^€30\.00, €20\.00 for members$/);
  });

  it('shows a member the member price, with the normal price struck through and said in words', async () => {
    stubLans([buildLan({ price: 30, membersPrice: 20 })]);
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['Lanner', 'Member'] }) });
    const price = (await screen.findByText('Price')).nextElementSibling as HTMLElement;
    expect(price).toHaveTextContent(/^€20\.00 as a member, instead of €30\.00$/);
    expect(price.querySelector('s')).toHaveTextContent(/^€30\.00$/);
  });

  it('shows one price when members pay the same, a free lan too', async () => {
    stubLans([buildLan({ price: 0, membersPrice: 0 })]);
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['Member'] }) });
    const price = (await screen.findByText('Price')).nextElementSibling as HTMLElement;
    expect(price).toHaveTextContent(/^€0\.00$/);
    expect(price.querySelector('s')).toBeNull();
  });

  it('sorts subscribers by status then nickname, marks Denied for everyone, shows presence only for Paid', async () => {
    const user = (id: number, nickname: string, roles: ('Member' | 'Lanner')[] = []) =>
      buildUserPublic({ id, nickname, roles });
    const subscribers = [
      buildSubscriber({ id: 1, status: 'Denied', user: user(11, 'alice') }),
      buildSubscriber({ id: 2, status: 'Pending', user: user(12, 'bob') }),
      buildSubscriber({ id: 3, status: 'Paid', present: true, user: user(13, 'zed', ['Member']) }),
      buildSubscriber({ id: 4, status: 'Accepted', present: null, user: user(14, 'carl') }),
      buildSubscriber({ id: 5, status: 'Paid', present: null, user: user(15, 'amy') }),
    ];
    // Not begun yet, seen by a lanner: spec §4 and the Subscriber table (issue 50 §1).
    stubLans([
      buildLan({
        subscribers,
        startDate: '2098-01-03T18:00:00.000+01:00',
        endDate: '2098-01-05T18:00:00.000+01:00',
      }),
    ]);
    renderApp('/lans/upcoming', { viewer: lanner() });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((row) => row.cells[1]?.textContent)).toEqual([
      'amy',
      'zed',
      'carl',
      'bob',
      'alice',
    ]);
    expect(rows[4]?.className).toMatch(/bad/);
    expect(rows[1]).toHaveTextContent('present');
    expect(rows[0]).toHaveTextContent('unknown');
    expect(rows[2]).not.toHaveTextContent(/present|unknown|absent/);
    expect(within(rows[1] as HTMLElement).getByLabelText('member')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByLabelText('not a member')).toBeInTheDocument();
  });
});

describe('the participate button', () => {
  it('is hidden for a closed lan and for a visitor nobody signed in', async () => {
    stubLans([buildLan({ endDate: '2020-01-01T00:00:00Z', startDate: '2019-12-30T00:00:00Z' })]);
    const { unmount } = renderApp('/lans/upcoming', { viewer: lanner() });
    await screen.findByRole('heading', { name: 'Winter Lan' });
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
    unmount();
    stubLans([buildLan()]);
    renderApp('/lans/upcoming');
    await screen.findByRole('heading', { name: 'Winter Lan' });
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
  });

  it('warns a signed-in non-lanner instead', async () => {
    stubLans([buildLan()]);
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [] }) });
    expect(await screen.findByText('Sorry, you are not yet marked a lanner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
  });

  it('is disabled with a warning when the lan is full', async () => {
    stubLans([
      buildLan({ maximumSubcribers: 1, subscribers: [buildSubscriber({ status: 'Paid' })] }),
    ]);
    renderApp('/lans/upcoming', { viewer: lanner() });
    expect(await screen.findByText('Sorry, the lan is full')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Participate' })).toBeDisabled();
  });

  it('subscribes the viewer, is disabled while it runs, then shows the pending message', async () => {
    let lan = buildLan();
    let release: () => void = () => {};
    const { requests } = stubLans([], {
      'GET /api/lans': () => jsonResponse(buildPage([lan])),
      'POST /api/subscribers': async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const subscriber = buildSubscriber({ id: 9, user: buildUserPublic({ id: 1 }) });
        lan = { ...lan, subscribers: [subscriber] };
        return jsonResponse(subscriber, 201);
      },
    });
    const { user } = renderApp('/lans/upcoming', { viewer: lanner() });
    await user.click(await screen.findByRole('button', { name: 'Participate' }));
    expect(screen.getByRole('button', { name: 'Participate' })).toBeDisabled();
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ lanId: 1, userId: 1 });
    await act(async () => release());
    expect(
      await screen.findByText('Your request for participation is pending'),
    ).toBeInTheDocument();
  });

  it('shows the problem detail of a refusal', async () => {
    stubLans([buildLan()], {
      'POST /api/subscribers': () => problemResponse(409, { detail: 'The lan is full.' }),
    });
    const { user } = renderApp('/lans/upcoming', { viewer: lanner() });
    await user.click(await screen.findByRole('button', { name: 'Participate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The lan is full.');
  });

  it.each(['Paid', 'Denied'] as const)(
    'offers no Withdraw to the owner of a %s subscription, which only an administrator withdraws',
    async (status) => {
      const mine = buildSubscriber({
        id: 7,
        status,
        user: buildUserPublic({ id: 1, nickname: 'me' }),
      });
      stubLans([buildLan({ subscribers: [mine] })]);
      renderApp('/lans/upcoming', { viewer: lanner() });
      expect(await screen.findByText(subscriptionMessages[status])).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
    },
  );

  it('withdraws a pending subscription at once and removes its row; a second quick click is dropped', async () => {
    const mine = buildSubscriber({
      id: 7,
      status: 'Pending',
      user: buildUserPublic({ id: 1, nickname: 'me' }),
    });
    let lan = buildLan({ subscribers: [mine] });
    const { requests } = stubLans([], {
      'GET /api/lans': () => jsonResponse(buildPage([lan])),
      'DELETE /api/subscribers/7': () => {
        lan = { ...lan, subscribers: [] };
        return emptyResponse(204);
      },
    });
    const { user } = renderApp('/lans/upcoming', { viewer: lanner() });
    expect(
      await screen.findByText('Your request for participation is pending'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Withdraw' });
    await user.dblClick(button);
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Participate' })).toBeEnabled();
  });
});

describe('lans/:id and lans/archive', () => {
  it('sends the visitor to the root when the lan is unknown', async () => {
    stubLans([], { 'GET /api/lans/99': () => problemResponse(404) });
    const { router } = renderApp('/lans/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lans/upcoming'));
  });

  it('shows a lan in full by its id, its name linking nowhere on its own page', async () => {
    stubLans([], {
      'GET /api/lans/3': () => jsonResponse(buildLan({ id: 3, name: 'Spring Lan' })),
    });
    renderApp('/lans/3');
    const name = await screen.findByRole('heading', { name: 'Spring Lan', level: 2 });
    expect(within(name).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the start and end with their time, as the community’s clocks read them', async () => {
    stubLans([
      buildLan({
        startDate: '2099-12-04T18:00:00.000+01:00',
        endDate: '2099-12-07T01:30:00.000+01:00',
      }),
    ]);
    renderApp('/lans/upcoming');
    const card = await screen.findByRole('article', { name: 'Winter Lan' });
    const start = within(card).getByText('Start').nextElementSibling as HTMLElement;
    const end = within(card).getByText('End').nextElementSibling as HTMLElement;
    expect(start).toHaveTextContent('04 Dec 2099, 18:00');
    expect(end).toHaveTextContent('07 Dec 2099, 01:30');
    expect(start.querySelector('time')).toHaveAttribute(
      'datetime',
      '2099-12-04T18:00:00.000+01:00',
    );
  });

  it('says a full lan’s waitlist is open, on the featured lan and on the Soon cards', async () => {
    const taken = (lanId: number) =>
      [1, 2].map((id) =>
        buildSubscriber({ id: lanId * 10 + id, status: 'Accepted', user: buildUserPublic({ id }) }),
      );
    stubLans([
      buildLan({ id: 1, name: 'Full One', maximumSubcribers: 2, subscribers: taken(1) }),
      buildLan({ id: 2, name: 'Open Two', maximumSubcribers: 3, subscribers: taken(2) }),
      buildLan({ id: 3, name: 'Full Three', maximumSubcribers: 2, subscribers: taken(3) }),
    ]);
    renderApp('/lans/upcoming');
    const full = await screen.findByRole('article', { name: 'Full One' });
    expect(within(full).getByText('Full — waitlist open')).toBeInTheDocument();
    const soonFull = screen.getByRole('article', { name: 'Full Three' });
    expect(within(soonFull).getByText('Full — waitlist open')).toBeInTheDocument();
    const open = screen.getByRole('article', { name: 'Open Two' });
    expect(within(open).queryByText(/waitlist/)).not.toBeInTheDocument();
  });

  it('lists past lans as archive cards with dates only', async () => {
    const { requests } = stubLans([
      buildLan({
        id: 2,
        name: 'Old Lan',
        startDate: '2020-01-03T18:00:00.000+01:00',
        endDate: '2020-01-05T18:00:00.000+01:00',
        maximumSubcribers: 0,
      }),
    ]);
    renderApp('/lans/archive');
    const card = await screen.findByRole('article', { name: 'Old Lan' });
    expect(within(card).getByText('Start')).toBeInTheDocument();
    expect(within(card).queryByText('Price')).not.toBeInTheDocument();
    // Full, as past lans often were: its waitlist is closed with it.
    expect(within(card).queryByText(/waitlist/)).not.toBeInTheDocument();
    expect(requests[0]?.url.searchParams.get('sort')).toBe('-start-date');
  });
});
