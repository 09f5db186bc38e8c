import { buildUserProfile } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildViewer, renderApp } from '../../testing/render-app.tsx';
import {
  deriveProfileNotification,
  emailVerificationNotification,
  lannerVerificationNotification,
} from './profile-notifications.ts';

describe('the lanner verification notification', () => {
  it('asks a user without roles, or only a member, to get verified as a lanner', () => {
    expect(deriveProfileNotification(buildUserProfile({ roles: [] }))).toBe(
      lannerVerificationNotification,
    );
    expect(deriveProfileNotification(buildUserProfile({ roles: ['Member'] }))).toBe(
      lannerVerificationNotification,
    );
  });

  it.each(['LanAdministrator', 'MemberAdministrator', 'SystemAdministrator'] as const)(
    'is not shown to a %s who is not a lanner',
    (role) => {
      expect(deriveProfileNotification(buildUserProfile({ roles: [role] }))).toBeNull();
    },
  );

  it('still asks an administrator to verify their e-mail address', () => {
    const user = buildUserProfile({ roles: ['LanAdministrator'], isEmailActivated: false });
    expect(deriveProfileNotification(user)).toBe(emailVerificationNotification);
  });

  it('shows on the page for a non-lanner, and not for a lan administrator', async () => {
    const { unmount } = renderApp('/changelog', { viewer: buildViewer({ roles: [] }) });
    const shown = await screen.findByRole('status', { name: 'Notifications' });
    expect(within(shown).getByText('No verified as lanner')).toBeInTheDocument();
    unmount();

    renderApp('/changelog', { viewer: buildViewer({ roles: ['LanAdministrator'] }) });
    expect(await screen.findByRole('status', { name: 'Notifications' })).toBeEmptyDOMElement();
  });
});

describe('the notices of issue 36', () => {
  it('asks for a consent to give, after what the profile needs; a badge is the notices’ to tell', () => {
    const notices = (newBadges: { key: string; name: string }[], asks: boolean) =>
      buildUserProfile({
        roles: ['Lanner'],
        notices: { newBadges, asksSteamPlaytimeConsent: asks },
      });
    // A badge earned is told by the notices (issue 53), not here.
    expect(
      deriveProfileNotification(notices([{ key: 'lans-1', name: 'First lan' }], false)),
    ).toBeNull();
    expect(deriveProfileNotification(notices([], true))).toMatchObject({
      title: 'Your Steam playtime',
      link: { to: '/profile#steam-playtime' },
    });
    expect(deriveProfileNotification(notices([], false))).toBeNull();
    // An incomplete profile comes first.
    expect(
      deriveProfileNotification({
        ...notices([{ key: 'lans-1', name: 'First lan' }], true),
        city: null,
      })?.type,
    ).toBe('IncompleteProfile');
  });
});
