import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { makePng, uploadImage } from '../../../test/images.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { attemptLimits } from './attempt-limits.ts';

const perUser = attemptLimits.emailChecksPerUser.maxAttempts;
const perAddress = attemptLimits.emailChecksPerAddress.maxAttempts;

let counter = 0;
const someAddress = () => {
  counter += 1;
  return `probe-${counter}@example.org`;
};
const someClient = () => `203.0.113.${counter % 250}`;

describe.each(testEngines)('the upload limits on %s', (engine) => {
  let site: ApiSite;
  beforeAll(async () => {
    site = await startApiSite(engine);
  });
  afterAll(async () => site?.close());

  it('stops one user uploading without end, whatever X-Forwarded-For says', async () => {
    const owner = await signInAs(site.db, site.issuer, ['Lanner']);
    const upload = () =>
      uploadImage(site.app, `user-${owner.user.id}.png`, makePng(), {
        headers: { ...owner.headers, 'x-forwarded-for': someClient() },
      });
    for (let attempt = 0; attempt < attemptLimits.uploadsPerUser.maxAttempts; attempt += 1) {
      counter += 1;
      expect((await upload()).statusCode).toBe(204);
    }
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe.each(testEngines)('the e-mail check limits on %s', (engine) => {
  describe('with TRUST_PROXY unset', () => {
    let site: ApiSite;
    const check = (who: SignedIn, forwardedFor = someClient()) =>
      site.app.inject({
        method: 'GET',
        url: `/api/users/email-addresses/${someAddress()}`,
        headers: { ...who.headers, 'x-forwarded-for': forwardedFor },
      });

    beforeAll(async () => {
      site = await startApiSite(engine);
    });
    afterAll(async () => site?.close());

    it('stops one user testing addresses, whatever X-Forwarded-For says', async () => {
      const prober = await signInAs(site.db, site.issuer, []);
      for (let attempt = 0; attempt < perUser; attempt += 1) {
        expect((await check(prober)).statusCode).toBe(404);
      }
      const refused = await check(prober);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().detail).toMatch(
        /^Too many e-mail address checks\. Please try again in /,
      );
    });

    it('counts the connecting address, not the forwarded one, across users', async () => {
      const users = await Promise.all(
        Array.from({ length: Math.ceil(perAddress / (perUser - 1)) + 1 }, () =>
          signInAs(site.db, site.issuer, []),
        ),
      );
      // The first test already counted perUser + 1 checks from this (loopback) address.
      let sent = perUser + 1;
      let refused: Awaited<ReturnType<typeof check>> | undefined;
      for (const user of users) {
        for (let attempt = 0; attempt < perUser - 1 && !refused; attempt += 1) {
          const response = await check(user);
          sent += 1;
          if (response.statusCode === 429) refused = response;
        }
      }
      expect(refused?.statusCode).toBe(429);
      // At most: checks of the window before may still count in the sliding window.
      expect(sent).toBeLessThanOrEqual(perAddress + 1);
    });
  });

  describe('behind a trusted proxy', () => {
    let site: ApiSite;

    beforeAll(async () => {
      // app.inject connects from 127.0.0.1: the proxy.
      site = await startApiSite(engine, { TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(async () => site?.close());

    it('counts the address the proxy forwards', async () => {
      const users = await Promise.all(
        Array.from({ length: Math.ceil(perAddress / perUser) + 1 }, () =>
          signInAs(site.db, site.issuer, []),
        ),
      );
      const check = (who: SignedIn, client: string) =>
        site.app.inject({
          method: 'GET',
          url: `/api/users/email-addresses/${someAddress()}`,
          headers: { ...who.headers, 'x-forwarded-for': client },
        });
      let sent = 0;
      let lastStatus = 0;
      for (const user of users) {
        for (let attempt = 0; attempt < perUser && lastStatus !== 429; attempt += 1) {
          lastStatus = (await check(user, '198.51.100.1')).statusCode;
          sent += 1;
        }
      }
      expect(lastStatus).toBe(429);
      expect(sent).toBe(perAddress + 1);
      // Another client behind the same proxy is not refused.
      const other = await signInAs(site.db, site.issuer, []);
      expect((await check(other, '198.51.100.2')).statusCode).toBe(404);
    });
  });
});
