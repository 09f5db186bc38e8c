import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { createLocalAccount } from '../identity/local-accounts.service.ts';
import {
  type IdentitySite,
  startAuthorization,
  startIdentitySite,
} from '../identity/test-support/identity-site.ts';
import { attemptLimits, tryAttempt } from './attempt-limits.ts';

const password = 'correct horse battery';
const perAccount = attemptLimits.signInPerAccount.maxAttempts;

let addressCounter = 0;
/** A new made-up client address per call, as an attacker rotating X-Forwarded-For sends. */
function nextAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter % 250}`;
}

async function tryPassword(
  site: IdentitySite,
  username: string,
  guess: string,
  forwardedFor?: string,
) {
  const authorization = await startAuthorization(site);
  return authorization.browser.request(`${site.origin}${authorization.interactionPath}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: new URLSearchParams({ username, password: guess }).toString(),
  });
}

async function createAccount(site: IdentitySite, username: string) {
  await createLocalAccount(
    site.db,
    { username, email: `${username}@example.com`, password, passwordRepeat: password },
    { publicUrl: site.config.publicUrl },
  );
}

describe.each(testEngines)('sign-in attempt limits on %s', (engine) => {
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

  beforeAll(async () => {
    site = await startIdentitySite(engine);
    await createAccount(site, 'Target');
    await createAccount(site, 'Regular');
  });

  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });

  it('stops guessing one account although every attempt claims another address', async () => {
    for (let attempt = 0; attempt < perAccount; attempt += 1) {
      const result = await tryPassword(site, 'Target', `guess-${attempt}`, nextAddress());
      expect(result.response.status).toBe(200);
      expect(result.body).toContain('The username or password is not correct.');
    }
    const refused = await tryPassword(site, 'target', 'guess-last', nextAddress());
    expect(refused.response.status).toBe(429);
    expect(refused.body).toContain('Too many sign-in attempts');
    const retryAfter = Number(refused.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // The sliding estimate lets the attempts of this window fade through the next one, so
    // the wait it enforces ends within two windows (past one when the window just began).
    expect(retryAfter).toBeLessThan((2 * attemptLimits.signInPerAccount.windowMs) / 1000);
    // The right password does not get through either while the account is limited.
    expect((await tryPassword(site, 'Target', password, nextAddress())).response.status).toBe(429);
  });

  it('lets the owner of another account sign in meanwhile', async () => {
    const result = await tryPassword(site, 'Regular', password);
    expect(result.response.status).toBe(303);
  });

  it('limits new accounts per address, whatever X-Forwarded-For says', async () => {
    const { maxAttempts } = attemptLimits.newAccountsPerAddress;
    const authorization = await startAuthorization(site);
    const create = (index: number) =>
      authorization.browser.request(
        `${site.origin}${authorization.interactionPath}/create-account`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': nextAddress(),
          },
          // Refused for a repeat that differs: the attempt counts, no account is made.
          body: new URLSearchParams({
            username: `newcomer${index}`,
            email: `newcomer${index}@example.com`,
            password,
            passwordRepeat: `${password}!`,
          }).toString(),
        },
      );
    for (let index = 0; index < maxAttempts; index += 1) {
      expect((await create(index)).response.status).toBe(200);
    }
    const refused = await create(maxAttempts);
    expect(refused.response.status).toBe(429);
    expect(refused.body).toContain('Too many new accounts from your network');
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forgets failed attempts after a successful sign-in', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < perAccount - 1; attempt += 1) {
        expect((await tryPassword(site, 'Regular', 'wrong')).response.status).toBe(200);
      }
      expect((await tryPassword(site, 'Regular', password)).response.status).toBe(303);
    }
  });
});

describe.each(testEngines)('trusted proxies and sign-in on %s', (engine) => {
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

  beforeAll(async () => {
    // The test talks to the site over loopback, as a reverse proxy on the same host would.
    site = await startIdentitySite(engine, { TRUST_PROXY: '127.0.0.1' });
  });

  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });

  it('counts the forwarded address of a trusted proxy per address', async () => {
    const perAddress = attemptLimits.signInPerAddress.maxAttempts;
    const signedInByHand = 10;
    // The address's earlier attempts, counted as the sign-in counts them (a hundred whole
    // sign-ins took half a minute); the last ones are made through the proxy below.
    for (let attempt = 0; attempt < perAddress - signedInByHand; attempt += 1)
      await tryAttempt(site.db, [[attemptLimits.signInPerAddress, '198.51.100.7']]);
    // Many accounts (none over its own limit) from one forwarded address.
    for (let attempt = 0; attempt < signedInByHand; attempt += 1) {
      const username = `sprayed-${attempt % 20}`;
      expect((await tryPassword(site, username, 'guess', '198.51.100.7')).response.status).toBe(
        200,
      );
    }
    expect((await tryPassword(site, 'sprayed-x', 'guess', '198.51.100.7')).response.status).toBe(
      429,
    );
    // Another client behind the same proxy is not affected.
    expect((await tryPassword(site, 'sprayed-x', 'guess', '198.51.100.8')).response.status).toBe(
      200,
    );
  }, 120_000);
});

describe.runIf(testEngines.includes('postgres'))('sign-in limits across two servers', () => {
  let first: Awaited<ReturnType<typeof startIdentitySite>>;
  let second: IdentitySite;
  let otherDataDir: string;

  beforeAll(async () => {
    first = await startIdentitySite('postgres');
    // The same PostgreSQL schema, a data folder of its own: a second instance of the site.
    otherDataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-second-'));
    second = await startIdentitySite(
      'postgres',
      {},
      {
        ...first.site,
        dataDir: otherDataDir,
        config: { ...first.site.config, dataDir: otherDataDir },
      },
    );
    await createAccount(first, 'Shared');
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await first?.site.cleanUp();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('holds the per-account limit whichever server is asked', async () => {
    for (let attempt = 0; attempt < perAccount; attempt += 1) {
      const site = attempt % 2 === 0 ? first : second;
      expect((await tryPassword(site, 'Shared', 'guess', nextAddress())).response.status).toBe(200);
    }
    expect((await tryPassword(first, 'Shared', 'guess')).response.status).toBe(429);
    expect((await tryPassword(second, 'Shared', 'guess')).response.status).toBe(429);
  });
});
