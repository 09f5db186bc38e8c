import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/test-database.ts';
import { createLocalAccount } from '../modules/identity/local-accounts.service.ts';
import {
  type IdentitySite,
  signInWithPassword,
  startAuthorization,
  startIdentitySite,
} from '../modules/identity/test-support/identity-site.ts';
import { redactUrl } from './log-redaction.ts';

const password = 'correct horse battery';

/** The `url` of each request line logged. */
const urlsOf = (lines: readonly string[]) =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; url?: string })
    .filter((entry) => entry.msg === 'request completed')
    .map((entry) => entry.url ?? '');

/*
 * A request's address can be a key (a screen's token, a clan's invite code, an address's
 * verification code, a sign-in's or sign-out's tokens) or name a person (an e-mail address);
 * the log keeps the request, never those (issue 50).
 */
describe.each(testEngines)('the request log on %s', (engine) => {
  const lines: string[] = [];
  const logStream = { write: (line: string) => void lines.push(line) };
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

  beforeAll(async () => {
    site = await startIdentitySite(engine, { LOG_LEVEL: 'info' }, undefined, { logStream });
    await createLocalAccount(
      site.db,
      { username: 'Frag', email: 'frag@example.com', password, passwordRepeat: password },
      { publicUrl: site.config.publicUrl },
    );
  });
  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });

  it('keeps no secret nor address of a request’s address, and still logs the request', async () => {
    const secret = () => randomBytes(12).toString('hex');
    const [screenToken, inviteCode, verificationCode] = [secret(), secret(), secret()];
    const address = `someone.${secret()}@example.org`;

    // Signing in and out as the web app does: the ID token goes back to the provider.
    const tokens = await signInWithPassword(site, 'Frag', password);
    const { browser, state } = tokens.authorization;
    const signOut = new URL(`${site.issuer}/session/end`);
    signOut.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: site.config.publicUrl.href,
      state,
    }).toString();
    expect((await browser.get(signOut.href)).response.status).toBe(200);

    const requests: Array<['GET' | 'PUT', string]> = [
      ['GET', `/screen/${screenToken}`],
      ['GET', `/api/screens/${screenToken}`],
      ['GET', `/api/screens/${screenToken}/events`],
      ['GET', `/clans/3/join/${inviteCode}`],
      ['GET', `/profile/email-verification/${verificationCode}`],
      ['PUT', `/api/users/me/email-verifications/${verificationCode}`],
      ['GET', `/api/users/email-addresses/${encodeURIComponent(address)}`],
      ['GET', `/api/users/email-addresses/${address}`],
      // Refused before routing (a broken %-escape): its error repeats the address.
      ['GET', `/api/screens/${screenToken}%ZZ`],
    ];
    for (const [method, url] of requests) await site.app.inject({ method, url });

    const log = lines.join('');
    const secrets = [
      screenToken,
      inviteCode,
      verificationCode,
      address,
      encodeURIComponent(address),
      tokens.id_token,
      // Any part of it: its signature is what makes it worth stealing.
      ...tokens.id_token.split('.'),
      state,
    ];
    for (const value of secrets) expect(log).not.toContain(value);

    // The requests themselves are still there, with what is not secret.
    const urls = urlsOf(lines);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/screen/[redacted]',
        '/api/screens/[redacted]',
        '/api/screens/[redacted]/events',
        '/clans/3/join/[redacted]',
        '/profile/email-verification/[redacted]',
        '/api/users/me/email-verifications/[redacted]',
        '/api/users/email-addresses/[redacted]',
      ]),
    );
    expect(urls.some((url) => url.includes('post_logout_redirect_uri='))).toBe(true);
  });

  it('keeps no name typed into the sign-in form when its attempts are limited', async () => {
    // What people type as their name may be their address, or their password by mistake.
    const typed = `typed.person.${randomBytes(6).toString('hex')}@example.org`;
    const { browser, interactionPath } = await startAuthorization(site);
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 429; attempt += 1)
      status = (
        await browser.post(`${site.origin}${interactionPath}/login`, {
          username: typed,
          password: 'not the password',
        })
      ).response.status;
    expect(status).toBe(429);
    expect(lines.join('')).toContain('sign-in attempts rate-limited');
    expect(lines.join('')).not.toContain(typed);
  });
});

describe('redactUrl', () => {
  it('leaves an address without secrets as it is', () => {
    for (const url of ['/api/lans/3?page=2', '/stats/leader-board/2026/3', '/api/lans/1/screens/4'])
      expect(redactUrl(url)).toBe(url);
  });

  it('replaces every token-like parameter of a query, and only those', () => {
    expect(
      redactUrl('/auth?client_id=web&code_challenge=abc&state=s1&nonce=n1&response_type=code'),
    ).toBe(
      '/auth?client_id=web&code_challenge=[redacted]&state=[redacted]&nonce=[redacted]&response_type=code',
    );
    expect(redactUrl('/?code=c1&state=s1')).toBe('/?code=[redacted]&state=[redacted]');
    expect(redactUrl('/token?refresh_token=r&login_hint=a%40b.org&x')).toBe(
      '/token?refresh_token=[redacted]&login_hint=[redacted]&x',
    );
    expect(redactUrl('/steam/return?openid.sig=q&openid.claimed_id=7656&next=%2F')).toBe(
      '/steam/return?openid.sig=[redacted]&openid.claimed_id=[redacted]&next=%2F',
    );
    // A name written with escapes or `+` is judged as it reads, a broken escape as written.
    expect(redactUrl('/?%73tate=s&access+token=t&code%5Fverifier=v&token%ZZ=k&page=2')).toBe(
      '/?%73tate=[redacted]&access+token=[redacted]&code%5Fverifier=[redacted]&token%ZZ=[redacted]&page=2',
    );
  });
});
