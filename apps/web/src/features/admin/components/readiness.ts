import { fieldLabel, type SignUp, type UserProfile } from '@lanparty/contract';
import { listMissingProfileFields } from '@lanparty/contract/rules';

/*
 * What someone still lacks before they can sign up for a lan, in words, for whoever is
 * about to make them a lanner: the sign-ups' rows and the role editor's question.
 */

type Readiness = Pick<SignUp, 'email' | 'emailVerified' | 'missingProfileFields'>;

/** Profile field names in words, as a list: `first name, city and birth date`. */
export function listFieldsInWords(names: readonly string[]): string {
  const words = names.map((name) => (name === 'email' ? 'e-mail' : fieldLabel(name).toLowerCase()));
  return words.length <= 1
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What is missing, in words: the e-mail (none, or not verified) and the profile fields
 * still empty. Empty when nothing is.
 */
export function describeMissing(readiness: Readiness): string[] {
  const missing: string[] = [];
  if (readiness.email === null) missing.push('no e-mail address');
  else if (!readiness.emailVerified) missing.push('e-mail not verified');
  const fields = readiness.missingProfileFields.filter((name) => name !== 'email');
  if (fields.length > 0) missing.push(`${listFieldsInWords(fields)} empty`);
  return missing;
}

/** A profile's readiness, as a sign-up's row gives it. */
export function readinessOf(profile: UserProfile): Readiness {
  return {
    email: profile.email,
    emailVerified: profile.email !== null && profile.isEmailActivated,
    missingProfileFields: listMissingProfileFields(profile),
  };
}
