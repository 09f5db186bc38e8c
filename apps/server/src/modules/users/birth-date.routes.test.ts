import { birthDateBounds } from '@lanparty/contract/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const profile = {
  email: 'frag@example.com',
  firstName: 'Frag',
  surname: 'Master',
  city: 'Utrecht',
  birthDate: '1995-06-21',
};

/** A day `days` after `day` (`yyyy-MM-dd`). */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Decision 038: a birth date neither in the future nor more than 120 years ago. */
describe.each(testEngines)('a birth date on %s', (engine) => {
  // The site's lan administrator, whom setUpOrganiserSite adds, takes no part.
  const { site, api, as, call } = setUpOrganiserSite(engine, {
    callers: ['Lanner', 'MemberAdministrator'],
  });
  // Signed in before the first test.
  const lanner = () => as.Lanner as SignedIn;

  const putMe = (birthDate: string) =>
    api.request(lanner(), 'PUT', '/api/users/me', { ...profile, birthDate });
  const savedBirthDate = async (id: number) =>
    (await site.db.selectFrom('users').select('birth_date').where('id', '=', id).executeTakeFirst())
      ?.birth_date;

  beforeAll(async () => {
    expect((await putMe(profile.birthDate)).statusCode).toBe(200);
  });

  it('in the future (five years on) is refused with a clear message, and nothing is saved', async () => {
    const response = await putMe(`${new Date().getUTCFullYear() + 5}-01-01`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ birthDate: ['Birth date cannot be in the future'] });
    expect(String(await savedBirthDate(lanner().user.id))).toContain('1995-06-21');
  });

  it('a day after the latest allowed is refused; the latest is saved', async () => {
    const { latest } = birthDateBounds();
    expect((await putMe(dayAfter(latest, 1))).statusCode).toBe(400);
    // The bounds move with the clock; both calls ask within the same minute.
    expect((await putMe(birthDateBounds().latest)).statusCode).toBe(200);
  });

  it('more than 120 years ago is refused with a clear message; 120 years ago is saved', async () => {
    const { earliest } = birthDateBounds();
    const response = await putMe(dayAfter(earliest, -1));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      birthDate: ['Birth date cannot be more than 120 years ago'],
    });
    expect((await putMe(dayAfter(birthDateBounds().earliest, 1))).statusCode).toBe(200);
  });

  it('is refused in a member administrator’s change of a profile too', async () => {
    const response = await call('MemberAdministrator', 'PUT', `/api/users/${lanner().user.id}`, {
      roles: ['Lanner'],
      birthDate: `${new Date().getUTCFullYear() + 5}-01-01`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ birthDate: ['Birth date cannot be in the future'] });
  });
});
