import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from './signing-keys.ts';

describe('loadOrCreateSigningKeys', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-keys-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates one RS256 key with a kid, readable by the owner only', async () => {
    const { privateJwks, publicJwks } = await loadOrCreateSigningKeys(dataDir);
    expect(privateJwks).toHaveLength(1);
    expect(privateJwks[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(privateJwks[0]?.d).toBeTruthy();
    expect(publicJwks[0]).toEqual({
      kty: 'RSA',
      kid: privateJwks[0]?.kid,
      alg: 'RS256',
      use: 'sig',
      n: privateJwks[0]?.n,
      e: privateJwks[0]?.e,
    });
    const file = path.join(dataDir, 'oidc', 'signing-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('gives the same keys after a restart', async () => {
    const first = await loadOrCreateSigningKeys(dataDir);
    const second = await loadOrCreateSigningKeys(dataDir);
    expect(second.publicJwks[0]?.kid).toBe(first.publicJwks[0]?.kid);
    expect(second.privateJwks).toEqual(first.privateJwks);
  });

  it('agrees on one key when two starts create it at once, leaving no temporary file', async () => {
    const [one, two] = await Promise.all([
      loadOrCreateSigningKeys(dataDir),
      loadOrCreateSigningKeys(dataDir),
    ]);
    expect(one.publicJwks[0]?.kid).toBe(two.publicJwks[0]?.kid);
    expect(await readdir(path.join(dataDir, 'oidc'))).toEqual(['signing-keys.json']);
  });

  it('keeps cookie keys beside them', async () => {
    const keys = await loadOrCreateCookieKeys(dataDir);
    expect(keys[0]).toMatch(/^[\w-]{43}$/);
    expect(await loadOrCreateCookieKeys(dataDir)).toEqual(keys);
    expect(statSync(path.join(dataDir, 'oidc', 'cookie-keys.json')).mode & 0o777).toBe(0o600);
  });
});
