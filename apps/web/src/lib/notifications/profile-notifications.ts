import type { Notification, UserProfile } from '@lanparty/contract';
import { hasAnyRole, isProfileComplete, requiredRoles } from '@lanparty/contract/rules';

/** A notification about the signed-in user's own state, with where to act on it. */
export type ProfileNotification = Notification & {
  title: string;
  link?: { to: string; label: string };
};

// The texts of spec §8, word for word (their grammar included).
export const incompleteProfileNotification: ProfileNotification = {
  type: 'IncompleteProfile',
  severity: 'Warning',
  title: 'Incomplete profile',
  message: "Please verify and complete your profile to participate in the lan-party's.",
  link: { to: '/profile', label: 'Complete your profile' },
};

export const emailVerificationNotification: ProfileNotification = {
  type: 'EmailVerification',
  severity: 'Warning',
  title: 'Verify Email',
  message: 'Please verify your email by clicking on the link send to your provided email address.',
};

export const lannerVerificationNotification: ProfileNotification = {
  type: 'LannerVerification',
  severity: 'Info',
  title: 'No verified as lanner',
  message: 'Please get an admin to verify you as a lanner.',
};

/**
 * Who is not asked to get verified as a lanner: lanners, and the administrators, who run
 * the site rather than wait to join it (on a phone the notice took a third of the screen).
 */
const rolesWithoutLannerVerification = [
  ...requiredRoles.lanner,
  ...requiredRoles.administration,
] as const;

/**
 * What the signed-in user should do next (spec §4), the first that applies: complete the
 * profile, then verify the e-mail address, then get verified as a lanner.
 */
export function deriveProfileNotification(user: UserProfile | null): ProfileNotification | null {
  if (!user) return null;
  if (!isProfileComplete(user)) return incompleteProfileNotification;
  if (!user.isEmailActivated) return emailVerificationNotification;
  if (!hasAnyRole(user.roles, rolesWithoutLannerVerification)) {
    return lannerVerificationNotification;
  }
  return noticeOf(user.notices);
}

/**
 * What the server asks to tell (issue 36): a consent to give. A badge earned is told by the
 * notices, the bell's (issue 53), since the site has one place for what it tells a person.
 */
function noticeOf({ asksSteamPlaytimeConsent }: UserProfile['notices']) {
  if (asksSteamPlaytimeConsent)
    return {
      type: 'Generic',
      severity: 'Info',
      title: 'Your Steam playtime',
      message: 'Should we record it for the leaderboards and the rewind?',
      link: { to: '/profile#steam-playtime', label: 'Choose' },
    } as const;
  return null;
}
