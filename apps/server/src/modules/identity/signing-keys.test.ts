import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite, testEngines } from '../../../test/test-database.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../../db/database.ts';
import { findSiteSecret } from '../secrets/site-secrets.repository.ts';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from './signing-keys.ts';

/** A signing key as an older version wrote it to `<data>/oidc/signing-keys.json`. */
async function makeOldSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function writeOldKeyFile(dataDir: string, file: string, keys: unknown[]): string {
  const folder = path.join(dataDir, 'oidc');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const filePath = path.join(folder, file);
  writeFileSync(filePath, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  return filePath;
}

describe.each(testEngines)('site keys on %s', (engine) => {
  let site: TestSite;
  let db: AppDatabase;
  let sources: { db: AppDatabase; dataDir: string };

  beforeEach(async () => {
    site = await createTestSite(engine);
    db = createDatabase(site.config.database);
    await migrateToLatest(db, databaseSchemaOf(site.config));
    sources = { db, dataDir: site.dataDir };
  });

  afterEach(async () => {
    await db.destroy();
    await site.cleanUp();
  });

  it('creates one RS256 signing key with a kid, kept in the database only', async () => {
    const { privateJwks, publicJwks } = await loadOrCreateSigningKeys(sources);
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
    expect(JSON.parse((await findSiteSecret(db, 'oidc-signing-keys')) ?? '{}').keys).toEqual(
      privateJwks,
    );
    expect(existsSync(path.join(site.dataDir, 'oidc'))).toBe(false);
  });

  it('gives the same keys after a restart', async () => {
    const first = await loadOrCreateSigningKeys(sources);
    const second = await loadOrCreateSigningKeys(sources);
    expect(second.privateJwks).toEqual(first.privateJwks);
  });

  it('agrees on one key when several servers, each with its own data folder, start at once', async () => {
    const others = [createDatabase(site.config.database), createDatabase(site.config.database)];
    try {
      const loaded = await Promise.all([
        loadOrCreateSigningKeys(sources),
        ...others.map((other) =>
          loadOrCreateSigningKeys({ db: other, dataDir: `${site.dataDir}/x` }),
        ),
      ]);
      const kids = loaded.map((keys) => keys.publicJwks.map((key) => key.kid));
      expect(new Set(kids.map(String)).size).toBe(1);
      expect(kids[0]).toHaveLength(1);
    } finally {
      await Promise.all(others.map((other) => other.destroy()));
    }
  });

  it('keeps cookie keys beside them', async () => {
    const keys = await loadOrCreateCookieKeys(sources);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\w-]{43}$/);
    expect(await loadOrCreateCookieKeys(sources)).toEqual(keys);
    expect(JSON.parse((await findSiteSecret(db, 'oidc-cookie-keys')) ?? '{}').keys).toEqual(keys);
  });

  it("moves an older installation's key files in, then removes them and their folder", async () => {
    const oldKey = await makeOldSigningKey();
    writeOldKeyFile(site.dataDir, 'signing-keys.json', [oldKey]);
    writeOldKeyFile(site.dataDir, 'cookie-keys.json', ['old-cookie-key']);

    const signing = await loadOrCreateSigningKeys(sources);
    expect(signing.privateJwks).toEqual([oldKey]);
    expect(existsSync(path.join(site.dataDir, 'oidc', 'signing-keys.json'))).toBe(false);
    expect(await loadOrCreateCookieKeys(sources)).toEqual(['old-cookie-key']);
    expect(existsSync(path.join(site.dataDir, 'oidc'))).toBe(false);
    expect(await loadOrCreateCookieKeys(sources)).toEqual(['old-cookie-key']);
  });

  it('leaves the folder while something else is in it', async () => {
    writeOldKeyFile(site.dataDir, 'cookie-keys.json', ['old-cookie-key']);
    writeFileSync(path.join(site.dataDir, 'oidc', 'notes.txt'), 'mine');
    await loadOrCreateCookieKeys(sources);
    expect(existsSync(path.join(site.dataDir, 'oidc', 'cookie-keys.json'))).toBe(false);
    expect(existsSync(path.join(site.dataDir, 'oidc', 'notes.txt'))).toBe(true);
  });

  it("keeps signing with the site's key when a server brings older keys, which still verify", async () => {
    const siteKeys = await loadOrCreateSigningKeys(sources);
    const siteCookieKeys = await loadOrCreateCookieKeys(sources);
    const oldKey = await makeOldSigningKey();
    const otherDataDir = path.join(site.dataDir, 'other-server');
    writeOldKeyFile(otherDataDir, 'signing-keys.json', [oldKey]);
    writeOldKeyFile(otherDataDir, 'cookie-keys.json', ['old-cookie-key']);
    const oldToken = await new SignJWT({ sub: 'someone' })
      .setProtectedHeader({ alg: 'RS256', kid: oldKey.kid as string })
      .setIssuer('https://lanparty.example/oidc')
      .setExpirationTime('5m')
      .sign(await importJWK(oldKey, 'RS256'));

    const other = { db, dataDir: otherDataDir };
    const merged = await loadOrCreateSigningKeys(other);
    expect(merged.privateJwks).toEqual([...siteKeys.privateJwks, oldKey]);
    expect(await loadOrCreateCookieKeys(other)).toEqual([...siteCookieKeys, 'old-cookie-key']);
    expect(existsSync(path.join(otherDataDir, 'oidc'))).toBe(false);
    const { payload } = await jwtVerify(oldToken, createLocalJWKSet({ keys: merged.publicJwks }));
    expect(payload.sub).toBe('someone');

    // The same file moved in again (a crash before it was removed) adds nothing.
    writeOldKeyFile(otherDataDir, 'signing-keys.json', [oldKey]);
    expect((await loadOrCreateSigningKeys(other)).privateJwks).toEqual(merged.privateJwks);
  });
});
