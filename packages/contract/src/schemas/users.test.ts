import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProfileComplete, listMissingProfileFields } from '../rules/user-rules.ts';
import {
  buildUserProfile,
  buildUserProfileInput,
  buildUserPublic,
  listIssues,
} from '../testing/index.ts';
import {
  roleSchema,
  userProfileInputSchema,
  userProfileSchema,
  userPublicSchema,
  userUpdateSchema,
} from './users.ts';

describe('roleSchema', () => {
  it('knows the five roles of the specification', () => {
    expect(roleSchema.options).toEqual([
      'Lanner',
      'Member',
      'LanAdministrator',
      'MemberAdministrator',
      'SystemAdministrator',
    ]);
  });
});

describe('userPublicSchema', () => {
  it('accepts a user without a Steam id who has never been to a lan', () => {
    const user = buildUserPublic({ steamId: null, stats: { numberOfLans: 0, lastLanOn: null } });
    expect(userPublicSchema.parse(user)).toEqual(user);
  });

  it('leaves out personal fields', () => {
    const parsed = userPublicSchema.parse(buildUserProfile());
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('birthDate');
  });

  it('rejects an unknown role', () => {
    expect(
      listIssues(userPublicSchema, buildUserPublic({ roles: ['Admin' as 'Lanner'] })),
    ).toMatchObject([{ path: 'roles.0' }]);
  });
});

describe('userProfileSchema', () => {
  it('accepts a complete profile', () => {
    const profile = buildUserProfile();
    expect(userProfileSchema.parse(profile)).toEqual(profile);
  });

  it('accepts a profile whose personal fields are not filled in yet', () => {
    const profile = buildUserProfile({
      email: null,
      isEmailActivated: false,
      firstName: null,
      surname: null,
      city: null,
      birthDate: null,
    });
    expect(listIssues(userProfileSchema, profile)).toEqual([]);
  });

  it('rejects a creation date without a UTC offset', () => {
    expect(
      listIssues(userProfileSchema, buildUserProfile({ creationDate: '2023-02-01T12:00:00' })),
    ).toMatchObject([{ path: 'creationDate' }]);
  });
});

describe('userProfileInputSchema', () => {
  it('accepts a filled-in profile form', () => {
    expect(listIssues(userProfileInputSchema, buildUserProfileInput())).toEqual([]);
  });

  it('names every missing field with its own message', () => {
    expect(listIssues(userProfileInputSchema, {})).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'surname', message: 'Surname is required' },
      { path: 'city', message: 'City is required' },
      { path: 'birthDate', message: 'Birth date is required' },
    ]);
  });

  it('counts null and blank text as missing', () => {
    const input = buildUserProfileInput({ email: '  ', firstName: null, birthDate: '' });
    expect(listIssues(userProfileInputSchema, input)).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'birthDate', message: 'Birth date is required' },
    ]);
  });

  it.each(['frag', 'frag@', 'frag@example', 'frag example@example.com'])(
    'refuses %j as an e-mail address',
    (email) => {
      expect(listIssues(userProfileInputSchema, buildUserProfileInput({ email }))).toEqual([
        { path: 'email', message: 'Email must be a valid email address' },
      ]);
    },
  );

  it('trims the text fields', () => {
    const input = buildUserProfileInput({ email: ' frag@example.com ', city: ' Utrecht ' });
    expect(userProfileInputSchema.parse(input)).toMatchObject({
      email: 'frag@example.com',
      city: 'Utrecht',
    });
  });

  it('refuses a birth date that is not yyyy-MM-dd', () => {
    expect(
      listIssues(userProfileInputSchema, buildUserProfileInput({ birthDate: '21-06-1995' })),
    ).toMatchObject([{ path: 'birthDate' }]);
  });

  describe('a birth date (decision 038)', () => {
    afterEach(() => vi.useRealTimers());
    const issuesOf = (birthDate: string) =>
      listIssues(userProfileInputSchema, buildUserProfileInput({ birthDate }));

    it('refuses one in the future, saying so', () => {
      vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
      expect(issuesOf('2030-01-01')).toEqual([
        { path: 'birthDate', message: 'Birth date cannot be in the future' },
      ]);
    });

    it('takes today as any date it is somewhere on Earth', () => {
      // 09:59 UTC is 23:59 on the 26th at UTC+14, 10:00 is the 27th there.
      vi.useFakeTimers({ now: new Date('2026-11-26T09:59:59Z'), toFake: ['Date'] });
      expect(issuesOf('2026-11-26')).toEqual([]);
      expect(issuesOf('2026-11-27')).toMatchObject([{ path: 'birthDate' }]);
      vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
      expect(issuesOf('2026-11-27')).toEqual([]);
      expect(issuesOf('2026-11-28')).toMatchObject([{ path: 'birthDate' }]);
    });

    it('refuses one more than 120 years ago, saying so', () => {
      // 12:00 UTC is still the 26th at UTC-12: that day 120 years ago is the earliest.
      vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
      expect(issuesOf('1906-11-26')).toEqual([]);
      expect(issuesOf('1906-11-25')).toEqual([
        { path: 'birthDate', message: 'Birth date cannot be more than 120 years ago' },
      ]);
      // Beyond the years a database keeps too: said as the bound it breaks.
      expect(issuesOf('1850-01-01')).toEqual([
        { path: 'birthDate', message: 'Birth date cannot be more than 120 years ago' },
      ]);
      expect(issuesOf('9999-01-01')).toEqual([
        { path: 'birthDate', message: 'Birth date cannot be in the future' },
      ]);
    });

    it('is refused in an administrator’s change of a profile too', () => {
      vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
      expect(listIssues(userUpdateSchema, { roles: [], birthDate: '2030-01-01' })).toEqual([
        { path: 'birthDate', message: 'Birth date cannot be in the future' },
      ]);
      expect(listIssues(userUpdateSchema, { roles: [], birthDate: null })).toEqual([]);
    });
  });

  it('refuses a first name longer than 100 characters', () => {
    expect(
      listIssues(userProfileInputSchema, buildUserProfileInput({ firstName: 'x'.repeat(101) })),
    ).toEqual([
      { path: 'firstName', message: 'First name cannot be more than 100 characters long' },
    ]);
  });

  it('ignores the other fields of the user that a client sends back', () => {
    const parsed = userProfileInputSchema.parse({ ...buildUserProfile(), roles: [] });
    expect(Object.keys(parsed).sort()).toEqual([
      'birthDate',
      'city',
      'email',
      'firstName',
      'surname',
    ]);
  });
});

describe('userUpdateSchema', () => {
  it('accepts roles alone, leaving the profile unchanged', () => {
    expect(userUpdateSchema.parse({ roles: ['Lanner', 'Member'] })).toEqual({
      roles: ['Lanner', 'Member'],
    });
  });

  it('accepts a whole user sent back, profile fields cleared with null', () => {
    const update = { ...buildUserProfile(), firstName: null, roles: ['Member'] };
    expect(userUpdateSchema.parse(update)).toMatchObject({ firstName: null, roles: ['Member'] });
  });

  it('requires the roles', () => {
    expect(listIssues(userUpdateSchema, {})).toMatchObject([{ path: 'roles' }]);
  });

  it('checks the profile fields that are given', () => {
    expect(listIssues(userUpdateSchema, { roles: [], email: 'nope' })).toEqual([
      { path: 'email', message: 'Email must be a valid email address' },
    ]);
  });
});

describe('isProfileComplete', () => {
  it('is true when email, first name, surname, city and birth date are all set', () => {
    expect(isProfileComplete(buildUserProfile())).toBe(true);
  });

  it.each(['email', 'firstName', 'surname', 'city', 'birthDate'] as const)(
    'is false when %s is missing',
    (field) => {
      expect(isProfileComplete(buildUserProfile({ [field]: null }))).toBe(false);
    },
  );

  it('is false when a field is only whitespace', () => {
    expect(isProfileComplete(buildUserProfile({ city: '  ' }))).toBe(false);
  });

  it('does not need the email to be verified', () => {
    expect(isProfileComplete(buildUserProfile({ isEmailActivated: false }))).toBe(true);
  });
});

describe('listMissingProfileFields', () => {
  it('names the empty fields in the form’s order, blank ones too', () => {
    expect(
      listMissingProfileFields(
        buildUserProfile({ birthDate: null, firstName: ' ', email: null, city: 'Utrecht' }),
      ),
    ).toEqual(['email', 'firstName', 'birthDate']);
  });

  it('is empty for a complete profile', () => {
    expect(listMissingProfileFields(buildUserProfile())).toEqual([]);
  });
});
