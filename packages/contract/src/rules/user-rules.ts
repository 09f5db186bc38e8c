import type { UserProfile } from '../schemas/users.ts';

/** The fields a complete profile has, in the profile form's order. */
export const profileFieldNames = ['email', 'firstName', 'surname', 'city', 'birthDate'] as const;

export type ProfileFieldName = (typeof profileFieldNames)[number];

type ProfileFields = Pick<UserProfile, ProfileFieldName>;

/** The profile fields still empty, in the form's order. */
export function listMissingProfileFields(user: ProfileFields): ProfileFieldName[] {
  return profileFieldNames.filter((name) => {
    const value = user[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** A profile is complete when email, first name, surname, city and birth date are all set. */
export function isProfileComplete(user: ProfileFields): boolean {
  return listMissingProfileFields(user).length === 0;
}

/** The name an erased account is shown by (issue 36), with no link and no picture. */
export const formerLannerNickname = 'Former lanner';
