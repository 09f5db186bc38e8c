import type { Lan } from '@lanparty/contract';
import { buildLan, buildPage, buildSubscriber } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  problemResponse,
  stubFetch,
  textResponse,
} from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** Lan 1 at GET /api/lans/1, and the upcoming lans (none) the root leads to. */
function stubLanPage(answerLan: () => Response) {
  return stubFetch({
    'GET /api/lans/1': answerLan,
    'GET /api/lans': () => jsonResponse(buildPage([])),
  });
}

const stubLan = (lan: Lan) => stubLanPage(() => jsonResponse(lan));

async function openLanCard() {
  return screen.findByRole('article', { name: 'Winter Lan' });
}

describe('the lan page', () => {
  it('shows the description, a blank line starting a new paragraph', async () => {
    stubLan(buildLan({ description: 'Bring your rig.\nAnd a chair.\n\nPizza at midnight.' }));
    renderApp('/lans/1');
    const card = await openLanCard();
    const first = within(card).getByText(/^Bring your rig\./);
    expect(first.tagName).toBe('P');
    expect(first.textContent).toBe('Bring your rig.\nAnd a chair.');
    expect(within(card).getByText('Pizza at midnight.').tagName).toBe('P');
  });

  it('shows no description when the lan has none', async () => {
    stubLan(buildLan({ description: '  \n ' }));
    renderApp('/lans/1');
    const card = await openLanCard();
    expect(card.querySelectorAll('p:empty')).toHaveLength(0);
    expect(within(card).queryByRole('region', { name: 'Location' })).not.toBeInTheDocument();
  });

  it('shows where the lan is held, with a link that searches the venue on a map', async () => {
    stubLan(
      buildLan({
        location: { name: 'Community hall De Brug', address: 'Kerkstraat 12, 3511 LK Utrecht' },
      }),
    );
    renderApp('/lans/1');
    const location = within(await openLanCard()).getByRole('region', { name: 'Location' });
    expect(location).toHaveTextContent('Community hall De Brug');
    expect(location).toHaveTextContent('Kerkstraat 12, 3511 LK Utrecht');
    const map = within(location).getByRole('link', { name: /^Open in a map/ });
    expect(map).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Community%20hall%20De%20Brug%2C%20Kerkstraat%2012%2C%203511%20LK%20Utrecht',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener');
  });

  it('shows no Open places for a lan that has ended, only its Lanners', async () => {
    stubLan(
      buildLan({
        startDate: '2020-01-03T17:00:00Z',
        endDate: '2020-01-05T17:00:00Z',
        subscribers: [buildSubscriber({ status: 'Paid' })],
      }),
    );
    renderApp('/lans/1');
    const card = await openLanCard();
    expect(within(card).getByText('Lanners').nextElementSibling).toHaveTextContent('1');
    expect(within(card).queryByText('Open')).not.toBeInTheDocument();
  });
});

describe('a lan that cannot be shown', () => {
  async function notificationsAtTheRoot(router: ReturnType<typeof renderApp>['router']) {
    await waitFor(() => expect(router.state.location.pathname).toBe('/lans/upcoming'));
    await screen.findByText("No lan-party's are planned");
    return screen.getByRole('status', { name: 'Notifications' });
  }

  it('says "That lan does not exist" once, in strict mode, on the way to the root', async () => {
    stubLanPage(() => problemResponse(404, { detail: 'No lan has id 1.' }));
    const { router } = renderApp('/lans/1', { strictMode: true });
    const notifications = await notificationsAtTheRoot(router);
    expect(within(notifications).getAllByText('That lan does not exist')).toHaveLength(1);

    // Said once: the next screen does not say it again.
    act(() => router.navigate('/lans/archive'));
    await screen.findByRole('heading', { name: 'Lan archive', level: 1 });
    await waitFor(() =>
      expect(within(notifications).queryByText('That lan does not exist')).not.toBeInTheDocument(),
    );
  });

  it('says the same of an id that is no number, without asking the server', async () => {
    const { requests } = stubLanPage(() => jsonResponse(buildLan()));
    const { router } = renderApp('/lans/first', { strictMode: true });
    const notifications = await notificationsAtTheRoot(router);
    expect(within(notifications).getAllByText('That lan does not exist')).toHaveLength(1);
    expect(requests.some((request) => request.url.pathname.startsWith('/api/lans/'))).toBe(false);
  });

  it('says the lan could not be loaded when the lookup fails otherwise, and still goes', async () => {
    stubLanPage(() => textResponse('Internal Server Error', 500));
    const { router } = renderApp('/lans/1', { strictMode: true });
    const notifications = await notificationsAtTheRoot(router);
    expect(
      within(notifications).getAllByText('The lan could not be loaded. Try again in a moment.'),
    ).toHaveLength(1);
    expect(within(notifications).queryByText(/does not exist/)).not.toBeInTheDocument();
  });
});
