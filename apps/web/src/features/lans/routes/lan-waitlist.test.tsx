import type { Lan } from '@lanparty/contract';
import { buildLan, buildSubscriber, buildUserPublic } from '@lanparty/contract/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlertSaying } from '../../../testing/alerts.ts';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanner = () => buildViewer({ id: 1, roles: ['Lanner'] });
const me = () => buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });
const someoneElse = () => buildUserPublic({ id: 2, nickname: 'gamer', roles: ['Lanner'] });

/** A lan with one place, taken by someone else. */
function buildFullLan(overrides: Partial<Lan> = {}): Lan {
  return buildLan({
    maximumSubcribers: 1,
    subscribers: [buildSubscriber({ id: 5, status: 'Paid', user: someoneElse() })],
    ...overrides,
  });
}

/** Answers GET /api/lans/1 with whatever `getLan` gives at the time of the call. */
function stubLan(getLan: () => Lan, extra = {}) {
  return stubFetch({
    'GET /api/lans/1': () => jsonResponse(getLan()),
    ...extra,
  });
}

describe('the waitlist of a full lan', () => {
  it('lets a lanner join it: the post asks for the waitlist, then their place is shown', async () => {
    let lan = buildFullLan();
    const { requests } = stubLan(() => lan, {
      'POST /api/subscribers': () => {
        const waiting = buildSubscriber({
          id: 9,
          status: 'Pending',
          waitlistPosition: 1,
          user: me(),
        });
        lan = { ...lan, subscribers: [...lan.subscribers, waiting] };
        return jsonResponse(waiting, 201);
      },
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    expect(await screen.findByText('Sorry, the lan is full')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Participate' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ lanId: 1, userId: 1, waitlist: true });
    expect(
      await screen.findByText('The lan is full. You are number 1 on the waitlist.'),
    ).toBeInTheDocument();
    // The lan read again after the post (its place is what that read says).
    const postAt = requests.findIndex((request) => request.method === 'POST');
    expect(
      requests.slice(postAt + 1).some((request) => request.url.pathname === '/api/lans/1'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sorry, the lan is full')).not.toBeInTheDocument();
  });

  it('tells a waitlisted lanner their position instead of the pending message', async () => {
    const waiting = buildSubscriber({ id: 9, status: 'Pending', waitlistPosition: 3, user: me() });
    stubLan(() => buildFullLan({ subscribers: [...buildFullLan().subscribers, waiting] }));
    renderApp('/lans/1', { viewer: lanner() });
    const message = await screen.findByText('The lan is full. You are number 3 on the waitlist.');
    expect(message).toHaveRole('status');
    expect(screen.queryByText('Your request for participation is pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('lets a waitlisted lanner leave it, after which they may join again', async () => {
    const waiting = buildSubscriber({ id: 9, status: 'Pending', waitlistPosition: 1, user: me() });
    let lan = buildFullLan({ subscribers: [...buildFullLan().subscribers, waiting] });
    const { requests } = stubLan(() => lan, {
      'DELETE /api/subscribers/9': () => {
        lan = buildFullLan();
        return emptyResponse(204);
      },
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await screen.findByText('The lan is full. You are number 1 on the waitlist.');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByText(/on the waitlist/)).not.toBeInTheDocument();
    expect(screen.getByText('Sorry, the lan is full')).toBeInTheDocument();
  });

  it('shows the problem when joining is refused', async () => {
    stubLan(() => buildFullLan(), {
      'POST /api/subscribers': () =>
        problemResponse(409, { detail: 'You are already subscribed to this lan.' }),
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect(await findAlertSaying('You are already subscribed to this lan.')).toBeInTheDocument();
  });

  it('is not offered while the lan has room: Participate is', async () => {
    stubLan(() => buildLan({ maximumSubcribers: 2, subscribers: buildFullLan().subscribers }));
    renderApp('/lans/1', { viewer: lanner() });
    expect(await screen.findByRole('button', { name: 'Participate' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sorry, the lan is full')).not.toBeInTheDocument();
  });

  it('is not offered to a signed-in non-lanner', async () => {
    stubLan(() => buildFullLan());
    renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Member'] }) });
    expect(await screen.findByText('Sorry, you are not yet marked a lanner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
  });

  it('is not offered to a lanner who already holds a place', async () => {
    const mine = buildSubscriber({ id: 9, status: 'Accepted', user: me() });
    stubLan(() => buildLan({ maximumSubcribers: 1, subscribers: [mine] }), {
      'GET /api/users/me/subscriptions': () =>
        jsonResponse({ items: [], offset: 0, limit: 100, total: 0 }),
    });
    renderApp('/lans/1', { viewer: lanner() });
    expect(await screen.findByText('You are accepted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument(),
    );
  });
});
