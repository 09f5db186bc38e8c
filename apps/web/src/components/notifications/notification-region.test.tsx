import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildViewer, renderApp } from '../../testing/render-app.tsx';

async function findNotifications() {
  return screen.findByRole('status', { name: 'Notifications' });
}

describe('notifications for the signed-in user', () => {
  it('asks a user with an incomplete profile to complete it, linking to the profile', async () => {
    renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['Lanner'], city: null, isEmailActivated: false }),
    });
    const notifications = await findNotifications();
    expect(notifications).toHaveAttribute('aria-live', 'polite');
    expect(within(notifications).getByText('Incomplete profile')).toBeInTheDocument();
    expect(
      within(notifications).getByText(
        "Please verify and complete your profile to participate in the lan-party's.",
      ),
    ).toBeInTheDocument();
    expect(within(notifications).getByRole('link')).toHaveAttribute('href', '/profile');
    // Only the first notification that applies is shown.
    expect(within(notifications).queryByText('Verify Email')).not.toBeInTheDocument();
    expect(notifications.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'warning');
  });

  it('asks a user with a complete profile to verify the e-mail address', async () => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [], isEmailActivated: false }) });
    const notifications = await findNotifications();
    expect(within(notifications).getByText('Verify Email')).toBeInTheDocument();
    expect(
      within(notifications).getByText(
        'Please verify your email by clicking on the link send to your provided email address.',
      ),
    ).toBeInTheDocument();
    expect(within(notifications).queryByText('No verified as lanner')).not.toBeInTheDocument();
  });

  it('tells a verified user who is not a lanner to get verified by an admin', async () => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['Member'] }) });
    const notifications = await findNotifications();
    expect(within(notifications).getByText('No verified as lanner')).toBeInTheDocument();
    expect(
      within(notifications).getByText('Please get an admin to verify you as a lanner.'),
    ).toBeInTheDocument();
  });

  it('says nothing to a verified lanner with a complete profile', async () => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['Lanner'] }) });
    expect(await findNotifications()).toBeEmptyDOMElement();
  });
});

describe('generic notifications', () => {
  const lanner = buildViewer({ roles: ['Lanner'] });

  it.each([
    ['Warning', 'warning'],
    ['Error', 'bad'],
    ['Success', 'good'],
    ['Info', 'info'],
  ] as const)('shows %s in the %s theme', async (severity, theme) => {
    const { notify } = renderApp('/lans/upcoming', { viewer: lanner });
    await findNotifications();
    notify({ severity, message: `A ${severity} message` });
    const message = await screen.findByText(`A ${severity} message`);
    expect(message.closest('[data-theme]')).toHaveAttribute('data-theme', theme);
  });

  it('clears a once notification on the next navigation, keeps a permanent one', async () => {
    const { router, notify } = renderApp('/lans/upcoming', { viewer: lanner });
    await findNotifications();
    notify({ severity: 'Info', message: 'Only here' });
    notify({ severity: 'Warning', message: 'Until dismissed', isPermanent: true });
    expect(await screen.findByText('Only here')).toBeInTheDocument();

    await router.navigate('/changelog');
    await waitFor(() => expect(screen.queryByText('Only here')).not.toBeInTheDocument());
    expect(screen.getByText('Until dismissed')).toBeInTheDocument();
  });

  it('keeps a notification about a redirect through that redirect only', async () => {
    const { router, notify } = renderApp('/lans/upcoming', { viewer: lanner });
    await findNotifications();
    // Each page waited for as shown, not only as the router's state: a navigation is a
    // transition, and two quick ones are shown as one (and the pages are lazy screens,
    // which a busy machine took seconds to load in a test).
    const shown = (title: string) =>
      waitFor(() => expect(document.title).toBe(`${title} – Lanparty`), { timeout: 20_000 });
    notify({ severity: 'Success', message: 'Done', keepOnNextNavigation: true });
    await router.navigate('/changelog');
    await shown('Changelog');
    expect(await screen.findByText('Done')).toBeInTheDocument();
    await router.navigate('/lans/archive');
    await shown('Lan archive');
    await waitFor(() => expect(screen.queryByText('Done')).not.toBeInTheDocument());
  }, 60_000);

  it('can be dismissed', async () => {
    const { user, notify } = renderApp('/lans/upcoming', { viewer: lanner });
    await findNotifications();
    notify({ severity: 'Warning', message: 'Until dismissed', isPermanent: true });
    await screen.findByText('Until dismissed');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Until dismissed')).not.toBeInTheDocument();
  });
});
