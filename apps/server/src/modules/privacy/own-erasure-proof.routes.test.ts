import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { insertLocalAccount } from '../identity/local-accounts.repository.ts';
import { hashPassword } from '../identity/passwords.ts';

const password = 'correct horse battery';

/*
 * What proves it is the person erasing their own account (issue 50 §5): an account with a
 * password needs that password, whatever else is sent; the proof of a fresh sign-in stands
 * in only for an account without one (Steam, single sign-on).
 */
describe.each(testEngines)('the proof that erases one’s own account on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine);

  /** The ID token of a sign-in of this person half a minute ago. */
  const freshProofOf = (person: Person) =>
    site.issuer.signToken(
      { sub: person.user.subject ?? undefined, auth_time: Math.floor(Date.now() / 1000) - 30 },
      { audience: 'lanparty-web' },
    );
  const isSignedIn = async (person: Person) =>
    (await api.request(person, 'GET', '/api/users/me')).statusCode === 200;

  it('keeps a password account on a sign-in’s proof alone, and erases it with the password', async () => {
    const person = await api.person();
    await insertLocalAccount(site.db, {
      userId: person.user.id,
      username: `account${person.user.id}`,
      passwordHash: await hashPassword(password),
    });

    const byProof = await api.request(person, 'DELETE', '/api/users/me', {
      idToken: await freshProofOf(person),
    });
    expect(byProof.statusCode).toBe(400);
    expect(byProof.json().detail).toMatch(/has a password/);
    expect(await isSignedIn(person)).toBe(true);

    const byPassword = await api.request(person, 'DELETE', '/api/users/me', { password });
    expect(byPassword.statusCode, byPassword.body).toBe(204);
    expect(await isSignedIn(person)).toBe(false);
  });

  it('erases an account without a password on a fresh sign-in’s proof', async () => {
    const person = await api.person();
    const byProof = await api.request(person, 'DELETE', '/api/users/me', {
      idToken: await freshProofOf(person),
    });
    expect(byProof.statusCode, byProof.body).toBe(204);
    expect(await isSignedIn(person)).toBe(false);
  });
});
