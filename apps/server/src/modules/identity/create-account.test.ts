import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { verifyPassword } from './passwords.ts';
import {
  codeAfter,
  exchangeCode,
  type IdentitySite,
  startAuthorization,
  startIdentitySite,
} from './test-support/identity-site.ts';

const goodPassword = 'a long enough password';

type Form = { username: string; email: string; password: string; passwordRepeat: string };

function formFor(username: string, overrides: Partial<Form> = {}): Form {
  return {
    username,
    email: `${username}@example.com`,
    password: goodPassword,
    passwordRepeat: goodPassword,
    ...overrides,
  };
}

describe.each(testEngines)('creating an account on %s', (engine) => {
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

  beforeEach(async () => {
    site = await startIdentitySite(engine);
  });

  afterEach(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });

  async function submit(form: Form) {
    const authorization = await startAuthorization(site);
    const result = await authorization.browser.post(
      `${site.origin}${authorization.interactionPath}/create-account`,
      form,
    );
    return { authorization, result };
  }

  const countRows = async () => ({
    users: (await site.db.selectFrom('users').select('id').execute()).length,
    accounts: (await site.db.selectFrom('local_accounts').select('id').execute()).length,
    verifications: (await site.db.selectFrom('email_verifications').select('id').execute()).length,
  });

  async function rolesOf(username: string) {
    const account = await site.db
      .selectFrom('local_accounts')
      .select('user_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return (await findRoles(site.db, [account.user_id])).get(account.user_id);
  }

  it('links to the create-account page and tells an empty site who becomes administrator', async () => {
    const { signInPage, browser, interactionPath } = await startAuthorization(site);
    expect(signInPage.body).toContain(
      'No one has an account yet: the first account created becomes the site&#39;s administrator.',
    );
    expect(signInPage.body).toContain(`href="${interactionPath}/create-account"`);
    const page = await browser.get(`${site.origin}${interactionPath}/create-account`);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('<title>Create account – Lanparty</title>');
    expect(page.body).toContain('<label for="passwordRepeat">Repeat password</label>');
  });

  it('creates the user and the account, starts e-mail verification and signs the person in', async () => {
    const { authorization, result } = await submit(
      formFor('NewLanner', { email: 'New.Lanner@Example.com' }),
    );
    expect(result.response.status).toBe(303);
    const code = await codeAfter(authorization, result);
    const { body } = await exchangeCode(site, authorization, code);
    const idToken = decodeJwt(body.id_token);
    expect(idToken.preferred_username).toBe('NewLanner');

    const user = await site.db
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', idToken.sub as string)
      .executeTakeFirstOrThrow();
    expect(user.subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.nickname).toBe('NewLanner');
    expect(user.email).toBe('new.lanner@example.com');
    expect(Boolean(user.is_email_activated)).toBe(false);
    const account = await site.db
      .selectFrom('local_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.username_key).toBe('newlanner');
    expect(account.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]+$/);
    expect(await verifyPassword(goodPassword, account.password_hash)).toBe(true);
    const verification = await site.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(verification.email).toBe('new.lanner@example.com');
    const mail = await site.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(mail.payload).to).toBe('new.lanner@example.com');
  });

  it('makes the first account SystemAdministrator and the second not', async () => {
    await submit(formFor('first'));
    await submit(formFor('second'));
    expect(await rolesOf('first')).toEqual(['SystemAdministrator']);
    expect(await rolesOf('second')).toEqual([]);
    const { signInPage } = await startAuthorization(site);
    expect(signInPage.body).not.toContain('No one has an account yet');
  });

  it('makes only one administrator when two first sign-ups race', async () => {
    const [one, two] = await Promise.all([
      submit(formFor('racer-one')),
      submit(formFor('racer-two')),
    ]);
    expect(one.result.response.status).toBe(303);
    expect(two.result.response.status).toBe(303);
    const roles = [await rolesOf('racer-one'), await rolesOf('racer-two')];
    expect(roles.filter((list) => list?.includes('SystemAdministrator'))).toHaveLength(1);
  });

  it('shows every error beside its field, keeps the values, and writes nothing', async () => {
    const { result } = await submit({
      username: 'ok',
      email: 'not-an-address',
      password: 'short',
      passwordRepeat: 'different',
    });
    expect(result.response.status).toBe(200);
    const { body } = result;
    expect(body).toContain('id="username-error">Username must be at least 3 characters long<');
    expect(body).toContain('id="email-error">Email must be a valid email address<');
    expect(body).toContain('id="password-error">Password must be at least 10 characters long<');
    expect(body).toContain('id="passwordRepeat-error">The passwords do not match<');
    expect(body).toContain('aria-describedby="email-hint email-error"');
    expect(body).toContain('value="ok"');
    expect(body).toContain('value="not-an-address"');
    expect(body).not.toContain('short');
    expect(body).not.toContain('different');
    expect(await countRows()).toEqual({ users: 0, accounts: 0, verifications: 0 });
  });

  it('refuses a username with other characters, and one too long', async () => {
    const spaced = await submit(formFor('lan party'));
    expect(spaced.result.body).toContain(
      'Username may contain only letters, digits, dots, underscores and hyphens',
    );
    const long = await submit(formFor('x'.repeat(33)));
    expect(long.result.body).toContain('Username cannot be more than 32 characters long');
    expect((await countRows()).users).toBe(0);
  });

  it('refuses a taken username whatever its case, and a taken e-mail', async () => {
    await submit(formFor('Frag'));
    const before = await countRows();
    const sameName = await submit(formFor('fRAG', { email: 'other@example.com' }));
    expect(sameName.result.body).toContain('id="username-error">Username is already used<');
    const sameEmail = await submit(formFor('other', { email: 'FRAG@example.com' }));
    expect(sameEmail.result.body).toContain('id="email-error">Email is already used<');
    expect(await countRows()).toEqual(before);
  });

  it('escapes what was typed', async () => {
    const { result } = await submit(formFor('<script>alert(1)</script>'));
    expect(result.body).not.toContain('<script>alert(1)</script>');
    expect(result.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
