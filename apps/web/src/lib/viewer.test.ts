import { buildUserProfile } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import { canSeeAdmin, canSeeProfileLink, canSeeStats } from './access-rules.ts';
import { anonymousViewer, createViewer } from './viewer.tsx';

const lannerAndMember = createViewer(
  buildUserProfile({ nickname: 'nova', roles: ['Lanner', 'Member'] }),
);

describe('viewer', () => {
  it('has any of the roles when it holds at least one', () => {
    expect(lannerAndMember.hasAnyRole(['Member', 'SystemAdministrator'])).toBe(true);
    expect(lannerAndMember.hasAnyRole(['SystemAdministrator'])).toBe(false);
  });

  it('lets a system administrator pass every role check, as the server does', () => {
    const admin = createViewer(buildUserProfile({ roles: ['SystemAdministrator'] }));
    expect(admin.hasAnyRole(['Lanner', 'Member'])).toBe(true);
    expect(admin.hasEveryRole(['Lanner', 'LanAdministrator'])).toBe(true);
    expect(canSeeStats(admin)).toBe(true);
    expect(canSeeProfileLink(admin)).toBe(true);
  });

  it('has every role only when it holds all of them', () => {
    expect(lannerAndMember.hasEveryRole(['Lanner', 'Member'])).toBe(true);
    expect(lannerAndMember.hasEveryRole(['Lanner', 'LanAdministrator'])).toBe(false);
  });

  it('is an anonymous visitor without roles by default', () => {
    expect(anonymousViewer.user).toBeNull();
    expect(anonymousViewer.hasAnyRole(['Lanner'])).toBe(false);
    expect(canSeeStats(anonymousViewer)).toBe(false);
    expect(canSeeAdmin(anonymousViewer)).toBe(false);
    expect(canSeeProfileLink(anonymousViewer)).toBe(false);
  });

  // Spec §6 (issue 50 §1): the profile link is shown for Lanner.
  it('shows the profile link to lanners only', () => {
    expect(canSeeProfileLink(lannerAndMember)).toBe(true);
    for (const roles of [[], ['Member'], ['LanAdministrator'], ['MemberAdministrator']] as const)
      expect(canSeeProfileLink(createViewer(buildUserProfile({ roles: [...roles] })))).toBe(false);
  });

  it('lets any administrator role see the admin link', () => {
    for (const role of [
      'LanAdministrator',
      'MemberAdministrator',
      'SystemAdministrator',
    ] as const) {
      expect(canSeeAdmin(createViewer(buildUserProfile({ roles: [role] })))).toBe(true);
    }
  });
});
