import { randomBytes } from 'node:crypto';
import { readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AppDatabase } from '../../db/database.ts';
import {
  findSiteSecret,
  insertSiteSecretIfMissing,
  replaceSiteSecret,
} from '../secrets/site-secrets.repository.ts';

export type SigningKeys = { privateJwks: JWK[]; publicJwks: JWK[] };

/**
 * Where the keys come from: the database, which every server of the site shares; the data
 * folder only for keys an older version kept there (see docs/decisions/015-…).
 */
export type KeySources = { db: AppDatabase; dataDir: string };

/** The only algorithm the embedded provider signs with; the API accepts nothing else. */
export const signingAlgorithm = 'RS256';

const publicMembers = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const;

/**
 * The provider's token signing keys (RS256, each with a `kid`): made once per site and
 * kept in the database, so a token signed by one server is good on every other and after
 * a restart. The first key signs; any after it (moved in from an old data folder) only
 * verify.
 */
export async function loadOrCreateSigningKeys(sources: KeySources): Promise<SigningKeys> {
  const privateJwks = await loadOrCreateKeys<JWK>(sources, {
    name: 'oidc-signing-keys',
    file: 'signing-keys.json',
    create: generateSigningKey,
    identify: (key) => key.kid ?? JSON.stringify(key),
  });
  const publicJwks = privateJwks.map((key) =>
    Object.fromEntries(publicMembers.flatMap((name) => (key[name] ? [[name, key[name]]] : []))),
  );
  return { privateJwks, publicJwks };
}

/**
 * Keys that sign the provider's cookies (session, interaction), kept like the signing keys
 * so a sign-in started on one server finishes on another, and a restart signs nobody out.
 * The first key signs; all of them verify.
 */
export async function loadOrCreateCookieKeys(sources: KeySources): Promise<string[]> {
  return loadOrCreateKeys<string>(sources, {
    name: 'oidc-cookie-keys',
    file: 'cookie-keys.json',
    create: async () => randomBytes(32).toString('base64url'),
    identify: (key) => key,
  });
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, {
    modulusLength: 2048,
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: signingAlgorithm, use: 'sig' };
}

type KeySecret<Key> = {
  /** The row in `site_secrets`; its value is `{"keys": [...]}`. */
  name: string;
  /** The file an older version kept these keys in, under `<dataDir>/oidc`. */
  file: string;
  create: () => Promise<Key>;
  /** What makes two keys the same key, so moving a file in twice adds nothing. */
  identify: (key: Key) => string;
};

/**
 * Reads a set of keys, making it when the site has none. Servers starting at once each
 * offer a new key and the database keeps one, which all of them read back. Keys an older
 * version left in the data folder are moved in: they become the site's keys when it has
 * none yet (the upgrade of a single server), and are otherwise added after the site's own
 * for verifying only, so nothing they signed stops being accepted. The file goes only once
 * the database holds its keys; a crash in between moves it in again, which adds nothing.
 */
async function loadOrCreateKeys<Key>(
  { db, dataDir }: KeySources,
  secret: KeySecret<Key>,
): Promise<Key[]> {
  const file = path.join(dataDir, 'oidc', secret.file);
  const oldKeys = await readOldKeyFile<Key>(file);
  let stored = await findSiteSecret(db, secret.name);
  if (stored === undefined) {
    const keys = oldKeys ?? [await secret.create()];
    await insertSiteSecretIfMissing(db, secret.name, JSON.stringify({ keys }));
    stored = await findSiteSecret(db, secret.name);
    if (stored === undefined) throw new Error(`Could not store the site secret ${secret.name}`);
  }
  if (oldKeys) {
    stored = await addVerificationKeys(db, secret, stored, oldKeys);
    await removeOldKeyFile(file);
  }
  return keysOf<Key>(stored, `the site secret ${secret.name}`);
}

/** Appends the keys the stored set lacks, retrying when another server changed it meanwhile. */
async function addVerificationKeys<Key>(
  db: AppDatabase,
  secret: KeySecret<Key>,
  stored: string,
  extraKeys: Key[],
): Promise<string> {
  let current = stored;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const keys = keysOf<Key>(current, `the site secret ${secret.name}`);
    const known = new Set(keys.map(secret.identify));
    const missing = extraKeys.filter((key) => !known.has(secret.identify(key)));
    if (missing.length === 0) return current;
    const next = JSON.stringify({ keys: [...keys, ...missing] });
    if (await replaceSiteSecret(db, secret.name, current, next)) return next;
    const reread = await findSiteSecret(db, secret.name);
    if (reread === undefined) break;
    current = reread;
  }
  throw new Error(`Could not add the old keys to the site secret ${secret.name}`);
}

function keysOf<Key>(json: string, source: string): Key[] {
  const { keys } = JSON.parse(json) as { keys?: unknown };
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${source} holds no keys`);
  return keys as Key[];
}

async function readOldKeyFile<Key>(file: string): Promise<Key[] | undefined> {
  try {
    return keysOf<Key>(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes a moved-in key file, and its folder once nothing else is left in it. */
async function removeOldKeyFile(file: string): Promise<void> {
  await rm(file, { force: true });
  try {
    await rmdir(path.dirname(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw error;
  }
}
