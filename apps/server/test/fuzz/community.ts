import type { Role } from '@lanparty/contract';
import { findRoles, replaceRoles } from '../../src/modules/accounts/accounts.repository.ts';
import { addPlaytime, ensureGames } from '../../src/modules/playtime/playtime.repository.ts';
import type { ApiSite } from '../api-site.ts';
import { makeJpeg, makePng, uploadImage } from '../images.ts';
import { buildLanBody } from '../lans.ts';
import { type Caller, everyCaller, signInAs } from '../signed-in.ts';

/**
 * A small community for the fuzzer to aim at: a user per role with a complete profile,
 * lans in every state, subscriptions in every status, playtime and uploaded images, so
 * mostly-valid requests name rows that exist and reach the services and the database.
 */

/** Everyone a request is sent as: nobody, a user without roles, and each role. */
export const fuzzCallers: readonly Caller[] = everyCaller;

/** A caller's roles before and after a request. */
export type RoleChange = { of: Caller; before: Role[]; after: Role[] };

/**
 * Whether `caller` may have made this change (server-behaviour.md, "Who may do what"):
 * a MemberAdministrator grants and takes Lanner and Member only, a SystemAdministrator
 * anything but their own SystemAdministrator role, nobody else anything.
 */
export function mayChangeRoles(caller: Caller, change: RoleChange): boolean {
  const changed = [
    ...change.before.filter((role) => !change.after.includes(role)),
    ...change.after.filter((role) => !change.before.includes(role)),
  ];
  if (caller === 'SystemAdministrator') {
    return !(change.of === caller && changed.includes('SystemAdministrator'));
  }
  if (caller === 'MemberAdministrator') {
    return changed.every((role) => role === 'Lanner' || role === 'Member');
  }
  return false;
}

export type SignedInCaller = { userId: number; roles: Role[]; headers: Record<string, string> };

export type Community = {
  callers: ReadonlyMap<Caller, SignedInCaller>;
  /**
   * Puts back what a successful request took away (a caller's roles, the open lans and
   * their subscribers), so the run keeps every role and reaches real rows to the end.
   * Answers whose roles had been changed, and how.
   */
  repair: () => Promise<{ isChanged: boolean; roleChanges: RoleChange[] }>;
};

const day = 24 * 60 * 60 * 1000;
const games = [730, 570, 440];

/** Signs everybody in and builds the community; users exist before the run starts. */
export async function seedCommunity(site: ApiSite): Promise<Community> {
  const callers = new Map<Caller, SignedInCaller>();
  for (const caller of fuzzCallers) {
    if (caller === 'anonymous') continue;
    const roles: Role[] = caller === 'no role' ? [] : [caller];
    const slug = caller.replace(' ', '-').toLowerCase();
    const { user } = await signInAs(site.db, site.issuer, roles, { nickname: `fuzz-${slug}` });
    // Long enough for a long run; the test tokens last five minutes.
    const token = await site.issuer.signToken({ sub: user.subject ?? '' }, { expiresIn: '12h' });
    callers.set(caller, { userId: user.id, roles, headers: { authorization: `Bearer ${token}` } });
  }
  const call = async (caller: Caller, method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const response = await site.app.inject({
      method,
      url,
      headers: { ...callers.get(caller)?.headers, 'x-forwarded-for': '10.255.0.1' },
      payload: payload as object,
    });
    return response.statusCode < 300 ? (response.json() as { id?: number } | undefined) : undefined;
  };

  // Complete profiles; each address change mails a verification code the fuzzer can use.
  for (const [caller] of callers) {
    const slug = caller.replace(' ', '-').toLowerCase();
    await call(caller, 'PUT', '/api/users/me', {
      email: `${slug}@example.com`,
      firstName: 'Fuzz',
      surname: slug,
      city: 'Utrecht',
      birthDate: '1990-05-17',
    });
  }
  const bystanders = [
    (
      await signInAs(site.db, site.issuer, ['Lanner'], {
        email: 'ann@example.com',
        nickname: 'ann',
      })
    ).user.id,
    (
      await signInAs(site.db, site.issuer, ['Member'], {
        nickname: 'bob',
        steamId: '76561197960287930',
      })
    ).user.id,
  ];

  const admin = 'LanAdministrator' as const;
  const createLan = async (overrides: Record<string, unknown>, days: number) =>
    (await call(admin, 'POST', '/api/lans', buildLanBody(overrides, days)))?.id;
  const subscribe = async (lanId: number, userId: number, actions: string[]) => {
    const id = (await call(admin, 'POST', '/api/subscribers', { lanId, userId }))?.id;
    for (const action of actions)
      if (id) await call(admin, 'PUT', `/api/subscribers/${id}/${action}`, undefined);
  };
  const callerId = (caller: Caller) => callers.get(caller)?.userId ?? 0;

  /** An open lan with a subscriber in every status. */
  const seedOpenLan = async () => {
    const lanId = await createLan({ name: 'Fuzz open lan', maximumSubcribers: 10 }, 10);
    if (!lanId) throw new Error('The fuzzer could not create a lan: its fixtures are out of date.');
    await subscribe(lanId, callerId('Lanner'), []);
    await subscribe(lanId, callerId('Member'), ['status:accepted']);
    await subscribe(lanId, callerId('LanAdministrator'), ['status:paid', 'present:true']);
    await subscribe(lanId, callerId('no role'), ['status:denied']);
    await subscribe(lanId, bystanders[0] ?? 0, ['status:paid']);
  };
  await seedOpenLan();
  const fullLan = await createLan({ name: 'Fuzz full lan', maximumSubcribers: 1 }, 20);
  if (fullLan) {
    await subscribe(fullLan, callerId('MemberAdministrator'), ['status:accepted']);
    await subscribe(fullLan, callerId('Lanner'), []);
  }
  await createLan({ name: 'Fuzz hidden lan', isActive: false }, 30);
  await createLan({ name: 'Fuzz running lan' }, -1);
  await createLan({ name: 'Fuzz past lan' }, -60);

  await seedPlaytime(site, [callerId('Lanner'), callerId('Member'), ...bystanders]);
  await uploadSeedImage(site, `lan-${fullLan}.png`, makePng(), callers.get(admin));
  await uploadSeedImage(
    site,
    `user-${callerId('Lanner')}.jpg`,
    await makeJpeg(),
    callers.get('Lanner'),
  );

  const repair = async () => {
    const roleChanges: RoleChange[] = [];
    const current = await findRoles(
      site.db,
      [...callers.values()].map((caller) => caller.userId),
    );
    for (const [caller, { userId, roles }] of callers) {
      const now = [...(current.get(userId) ?? [])].sort();
      if (now.join() === [...roles].sort().join()) continue;
      roleChanges.push({ of: caller, before: roles, after: now });
      await replaceRoles(site.db, userId, roles);
    }
    const openLans = await site.db
      .selectFrom('lans')
      .select('id')
      .where('end_date', '>', new Date(Date.now() + day).toISOString())
      .execute();
    const { subscriberCount } = await site.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<number | string>().as('subscriberCount'))
      .executeTakeFirstOrThrow();
    // Administrators' deletions succeed; without new lans and subscribers the rest of the
    // run would only meet 404s.
    const isShort = openLans.length < 2 || Number(subscriberCount) < 3;
    if (isShort) await seedOpenLan();
    return { isChanged: roleChanges.length > 0 || isShort, roleChanges };
  };
  return { callers, repair };
}

/** Two months of playtime, so leaderboards, months and rewinds have something to show. */
async function seedPlaytime(site: ApiSite, userIds: number[]) {
  await ensureGames(site.db, games, new Date());
  for (const [index, userId] of userIds.entries()) {
    for (const daysAgo of [3, 35, 70, 400]) {
      const start = new Date(Date.now() - daysAgo * day + index * 3_600_000);
      await addPlaytime(
        site.db,
        {
          userId,
          gameId: games[index % games.length] ?? 730,
          start,
          end: new Date(start.getTime() + (index + 1) * 3_600_000),
        },
        site.config.communityTimeZone,
      );
    }
  }
}

/** A picture of the community, uploaded from an address of its own (uploads count per address). */
async function uploadSeedImage(
  site: ApiSite,
  asset: string,
  bytes: Buffer,
  caller?: SignedInCaller,
) {
  await uploadImage(site.app, asset, bytes, {
    headers: { ...caller?.headers, 'x-forwarded-for': '10.255.0.2' },
  });
}
