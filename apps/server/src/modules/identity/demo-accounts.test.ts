import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { toBoolean } from '../../db/columns.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import {
  type IdentitySite,
  signInWithPassword,
  startAuthorization,
  startIdentitySite,
} from './test-support/identity-site.ts';

const expectedRoles = {
  admin: ['SystemAdministrator'],
  lanadmin: ['LanAdministrator'],
  memberadmin: ['MemberAdministrator'],
  member: ['Lanner', 'Member'],
  lanner: ['Lanner'],
  visitor: [],
};

describe.each(testEngines)('demo accounts on %s', (engine) => {
  describe('in demo mode', () => {
    let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

    beforeAll(async () => {
      site = await startIdentitySite(engine, { LANPARTY_DEMO: '1' });
    });

    afterAll(async () => {
      await site?.close();
      await site?.site.cleanUp();
    });

    it('exist with the roles their names say and complete, verified profiles', async () => {
      const rows = await site.db
        .selectFrom('local_accounts')
        .innerJoin('users', 'users.id', 'local_accounts.user_id')
        .selectAll('users')
        .select('local_accounts.username')
        .execute();
      expect(rows.map((row) => row.username).sort()).toEqual(Object.keys(expectedRoles).sort());
      const roles = await findRoles(
        site.db,
        rows.map((row) => row.id),
      );
      for (const row of rows) {
        expect(roles.get(row.id)).toEqual(
          expectedRoles[row.username as keyof typeof expectedRoles],
        );
        expect(row.email).toBe(`${row.username}@demo.lanparty.invalid`);
        expect(toBoolean(row.is_email_activated)).toBe(true);
        expect(row.first_name && row.surname && row.city && row.birth_date).toBeTruthy();
      }
    });

    it('sign in with their own name as password', async () => {
      for (const username of ['admin', 'visitor']) {
        const tokens = await signInWithPassword(site, username, username);
        expect(decodeJwt(tokens.id_token).preferred_username).toBe(username);
      }
    });

    it('are listed on the sign-in page, which does not call the site empty', async () => {
      const { signInPage } = await startAuthorization(site);
      expect(signInPage.body).toContain('Demo accounts');
      for (const account of demoAccounts) {
        expect(signInPage.body).toContain(`<th scope="row">${account.username}</th>`);
      }
      expect(signInPage.body).toContain('Lanner, Member');
      expect(signInPage.body).not.toContain('No one has an account yet');
    });

    it('are seeded once: seeding again changes nothing', async () => {
      const before = await site.db.selectFrom('users').select('id').execute();
      expect(await seedDemoAccounts(site.db)).toEqual([]);
      const after = await site.db.selectFrom('users').select('id').execute();
      expect(after).toEqual(before);
    });
  });

  describe('outside demo mode', () => {
    let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

    beforeAll(async () => {
      site = await startIdentitySite(engine);
    });

    afterAll(async () => {
      await site?.close();
      await site?.site.cleanUp();
    });

    it('do not exist and are not listed', async () => {
      const accounts = await site.db.selectFrom('local_accounts').select('id').execute();
      expect(accounts).toEqual([]);
      const { signInPage, browser, interactionPath } = await startAuthorization(site);
      expect(signInPage.body).not.toContain('Demo accounts');
      const attempt = await browser.post(`${site.origin}${interactionPath}/login`, {
        username: 'admin',
        password: 'admin',
      });
      expect(attempt.body).toContain('The username or password is not correct.');
    });
  });
});
