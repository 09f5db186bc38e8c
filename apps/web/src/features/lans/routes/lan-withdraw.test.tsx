import type { Lan, Role, Subscriber } from '@lanparty/contract';
import { buildLan, buildPage, buildSubscriber, buildUserPublic } from '@lanparty/contract/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlertSaying } from '../../../testing/alerts.ts';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
  textResponse,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { withdrawnMessage } from '../components/subscription-panel.tsx';

const lanner = (roles: Role[] = ['Lanner']) => buildViewer({ id: 1, roles });
const me = (roles: Role[] = ['Lanner']) => buildUserPublic({ id: 1, nickname: 'pixelpete', roles });

/**
 * Lan 1 as `getLan` gives it at the time of each call; withdrawing subscription 7 takes it
 * out of the lan. The viewer's ticket (asked for while Accepted or Paid) has no code.
 */
function stubLanWithSubscription(initial: Lan) {
  let lan = initial;
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'DELETE /api/subscribers/7': () => {
      lan = { ...lan, subscribers: lan.subscribers.filter(({ id }) => id !== 7) };
      return emptyResponse(204);
    },
  });
  const deletes = () => stub.requests.filter(({ method }) => method === 'DELETE');
  return { ...stub, deletes };
}

function mine(overrides: Partial<Subscriber>): Subscriber {
  return buildSubscriber({ id: 7, user: me(), ...overrides });
}

async function pressWithdraw(user: ReturnType<typeof renderApp>['user']) {
  const panel = await screen.findByRole('region', { name: 'Subscription' });
  const button = within(panel).getByRole('button', { name: 'Withdraw' });
  await user.click(button);
  return button;
}

describe('withdrawing a place (Accepted or Paid)', () => {
  it('asks first, naming the place, with the focus on Keep my place', async () => {
    const { deletes } = stubLanWithSubscription(
      buildLan({ subscribers: [mine({ status: 'Accepted' })] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);

    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from Winter Lan?' });
    expect(dialog).toHaveTextContent(
      'You give up your place. If you subscribe again, you wait to be accepted again.',
    );
    expect(dialog).not.toHaveTextContent(/paid/);
    expect(within(dialog).getByRole('button', { name: 'Keep my place' })).toHaveFocus();
    expect(deletes()).toHaveLength(0);
  });

  it('changes nothing on Keep my place, and gives the focus back to Withdraw', async () => {
    const { deletes } = stubLanWithSubscription(
      buildLan({ subscribers: [mine({ status: 'Accepted' })] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    const withdraw = await pressWithdraw(user);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my place' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdraw).toHaveFocus();
    expect(screen.getByText('You are accepted')).toBeInTheDocument();
    expect(deletes()).toHaveLength(0);
  });

  it('changes nothing on Escape (the dialog’s cancel), and gives the focus back', async () => {
    const { deletes } = stubLanWithSubscription(
      buildLan({ subscribers: [mine({ status: 'Accepted' })] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    const withdraw = await pressWithdraw(user);
    const dialog = await screen.findByRole('dialog');
    // jsdom does not turn Escape into the dialog's cancel event as a browser does.
    act(() => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdraw).toHaveFocus();
    expect(deletes()).toHaveLength(0);
  });

  it('withdraws on Withdraw, then says so with the focus on the new status', async () => {
    const { deletes } = stubLanWithSubscription(
      buildLan({ subscribers: [mine({ status: 'Accepted' })] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }),
    );

    const status = await screen.findByText(withdrawnMessage);
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveRole('status');
    expect(deletes()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Participate' })).toBeEnabled();
    expect(screen.queryByText('You are accepted')).not.toBeInTheDocument();
  });

  it('says the place goes to the next on the waitlist of a full lan', async () => {
    const waiting = buildSubscriber({ id: 8, status: 'Pending', waitlistPosition: 1 });
    stubLanWithSubscription(
      buildLan({ maximumSubcribers: 1, subscribers: [mine({ status: 'Accepted' }), waiting] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'You give up your place. It goes to the next on the waitlist.',
    );
  });

  it('reminds a Paid lan administrator what they paid, to settle with the organiser', async () => {
    const roles: Role[] = ['Lanner', 'LanAdministrator'];
    const { deletes } = stubLanWithSubscription(
      buildLan({
        price: 30,
        membersPrice: 20,
        subscribers: [mine({ status: 'Paid', user: me(roles) })],
      }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner(roles) });
    await pressWithdraw(user);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You have paid €30.00: settle the refund with the organiser.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText(withdrawnMessage);
    expect(deletes()).toHaveLength(1);
  });
});

describe('withdrawing what is no place yet', () => {
  it('withdraws a Pending subscription at once, without asking', async () => {
    const { deletes } = stubLanWithSubscription(
      buildLan({ subscribers: [mine({ status: 'Pending' })] }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    expect(await screen.findByText(withdrawnMessage)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes()).toHaveLength(1);
  });

  it('leaves the waitlist at once, without asking', async () => {
    const taken = buildSubscriber({ id: 5, status: 'Paid' });
    const { deletes } = stubLanWithSubscription(
      buildLan({
        maximumSubcribers: 1,
        subscribers: [taken, mine({ status: 'Pending', waitlistPosition: 1 })],
      }),
    );
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    expect(await screen.findByText(withdrawnMessage)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes()).toHaveLength(1);
  });
});

describe('the focus after Participate', () => {
  it('moves to the new status, which is announced', async () => {
    let lan = buildLan();
    stubFetch({
      'GET /api/lans/1': () => jsonResponse(lan),
      'POST /api/subscribers': () => {
        const subscriber = mine({ status: 'Pending' });
        lan = { ...lan, subscribers: [subscriber] };
        return jsonResponse(subscriber, 201);
      },
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await user.click(await screen.findByRole('button', { name: 'Participate' }));

    const status = await screen.findByText('Your request for participation is pending');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveRole('status');
  });

  it('goes back to the button after a failure, which is said in words', async () => {
    stubFetch({
      'GET /api/lans/1': () => jsonResponse(buildLan()),
      'POST /api/subscribers': () => textResponse('Internal Server Error', 500),
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    const participate = await screen.findByRole('button', { name: 'Participate' });
    await user.click(participate);

    const alert = await findAlertSaying(
      'You could not be subscribed. The server had a problem answering.',
    );
    expect(alert).not.toHaveTextContent('Internal Server Error');
    await waitFor(() => expect(participate).toHaveFocus());
  });
});

describe('a failed withdrawal', () => {
  it('says what failed in words, never the bare status text', async () => {
    stubFetch({
      'GET /api/lans/1': () =>
        jsonResponse(buildLan({ subscribers: [mine({ status: 'Pending' })] })),
      'DELETE /api/subscribers/7': () => textResponse('Internal Server Error', 500),
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    const alert = await findAlertSaying(
      'Your subscription could not be withdrawn. The server had a problem answering.',
    );
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });

  it('passes on the server’s own sentence when it wrote one', async () => {
    stubFetch({
      'GET /api/lans/1': () =>
        jsonResponse(buildLan({ subscribers: [mine({ status: 'Pending' })] })),
      'DELETE /api/subscribers/7': () =>
        problemResponse(409, { detail: 'The lan has already ended.' }),
    });
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await pressWithdraw(user);
    expect(
      await findAlertSaying('Your subscription could not be withdrawn. The lan has already ended.'),
    ).toBeInTheDocument();
  });
});
