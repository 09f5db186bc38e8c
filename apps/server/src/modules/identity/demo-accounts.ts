import { randomUUID } from 'node:crypto';
import type { Role } from '@lanparty/contract';
import { steamPlaytimeWording } from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/database.ts';
import { insertUser, replaceRoles, setProfileFields } from '../accounts/accounts.repository.ts';
import { saveConsent } from '../accounts/consents.repository.ts';
import { lockDemoSeeding } from '../demo/demo-seeding.repository.ts';
import { insertLocalAccount, isUsernameTaken } from './local-accounts.repository.ts';
import { hashPassword } from './passwords.ts';

export type DemoAccount = {
  username: string;
  roles: readonly Role[];
  firstName: string;
  surname: string;
  city: string;
  birthDate: string;
  /** A Steam account linked, its playtime recorded with consent (issue 36). */
  steamId?: string;
};

/**
 * The accounts of demo mode, one per kind of person on the site; each password is the
 * account's name. `visitor` has a complete profile and a verified address but no role,
 * so it shows what someone waiting to be made a lanner sees.
 */
export const demoAccounts: readonly DemoAccount[] = [
  {
    username: 'admin',
    roles: ['SystemAdministrator'],
    firstName: 'Alex',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1988-03-14',
  },
  {
    username: 'lanadmin',
    roles: ['LanAdministrator'],
    firstName: 'Lotte',
    surname: 'Jansen',
    city: 'Amersfoort',
    birthDate: '1992-07-02',
  },
  {
    username: 'memberadmin',
    roles: ['MemberAdministrator'],
    firstName: 'Milan',
    surname: 'Bakker',
    city: 'Zeist',
    birthDate: '1990-11-23',
  },
  {
    username: 'member',
    roles: ['Lanner', 'Member'],
    firstName: 'Sanne',
    surname: 'Visser',
    city: 'Houten',
    birthDate: '1996-05-30',
    steamId: '76561198000999001',
  },
  {
    username: 'lanner',
    roles: ['Lanner'],
    firstName: 'Daan',
    surname: 'Smit',
    city: 'Nieuwegein',
    birthDate: '1999-01-09',
  },
  {
    username: 'visitor',
    roles: [],
    firstName: 'Noor',
    surname: 'Mulder',
    city: 'Bunnik',
    birthDate: '2001-09-17',
  },
];

export function demoEmailOf(username: string): string {
  return `${username}@demo.lanparty.invalid`;
}

/**
 * Makes sure every demo account exists; accounts already there are left as they are
 * (their roles and profile may have been changed while trying the site). Only ever
 * called in demo mode. Servers of one demo starting together take turns per account, so
 * each is made once and the later server finds it made.
 */
export async function seedDemoAccounts(db: AppDatabase, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await isUsernameTaken(db, account.username)) continue;
    // Hashing takes a while; done before the lock is taken so it is held briefly.
    const passwordHash = await hashPassword(account.username);
    const isCreated = await db.transaction().execute(async (trx) => {
      await lockDemoSeeding(trx);
      if (await isUsernameTaken(trx, account.username)) return false;
      const user = await insertUser(
        trx,
        {
          subject: randomUUID(),
          nickname: account.username,
          email: demoEmailOf(account.username),
          steamId: account.steamId ?? null,
        },
        now,
      );
      if (account.steamId)
        await saveConsent(trx, user.id, 'steam_playtime', {
          isGiven: true,
          wordingVersion: steamPlaytimeWording.version,
          decidedAt: now,
        });
      await setProfileFields(trx, user.id, { ...account, isEmailActivated: true }, now);
      await insertLocalAccount(
        trx,
        { userId: user.id, username: account.username, passwordHash },
        now,
      );
      await replaceRoles(trx, user.id, account.roles);
      return true;
    });
    if (isCreated) created.push(account.username);
  }
  return created;
}
