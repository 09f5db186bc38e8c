import type { UserProfile } from '../schemas/users.ts';

type ProfileFields = Pick<UserProfile, 'email' | 'firstName' | 'surname' | 'city' | 'birthDate'>;

/** A profile is complete when email, first name, surname, city and birth date are all set. */
export function isProfileComplete(user: ProfileFields): boolean {
  return [user.email, user.firstName, user.surname, user.city, user.birthDate].every(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
}
