import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export type SigningKeys = { privateJwks: JWK[]; publicJwks: JWK[] };

/** The only algorithm the embedded provider signs with; the API accepts nothing else. */
export const signingAlgorithm = 'RS256';

const publicMembers = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const;

function oidcFolder(dataDir: string): string {
  return path.join(dataDir, 'oidc');
}

/**
 * The provider's token signing keys: generated once (RS256, with a `kid`) and kept in
 * `<dataDir>/oidc/signing-keys.json`, readable by the owner only. Tokens signed before a
 * restart stay valid after it because the same keys come back.
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(oidcFolder(dataDir), 'signing-keys.json');
  const stored = await readOrCreateJson(file, async () => ({ keys: [await generateSigningKey()] }));
  const privateJwks = (stored as { keys: JWK[] }).keys;
  const publicJwks = privateJwks.map((key) =>
    Object.fromEntries(publicMembers.flatMap((name) => (key[name] ? [[name, key[name]]] : []))),
  );
  return { privateJwks, publicJwks };
}

/**
 * Keys that sign the provider's cookies (session, interaction), kept beside the signing
 * keys so a restart does not sign everybody out.
 */
export async function loadOrCreateCookieKeys(dataDir: string): Promise<string[]> {
  const file = path.join(oidcFolder(dataDir), 'cookie-keys.json');
  const stored = await readOrCreateJson(file, async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return (stored as { keys: string[] }).keys;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, {
    modulusLength: 2048,
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: signingAlgorithm, use: 'sig' };
}

/**
 * Reads a JSON file, or creates it when it does not exist. Creation is atomic: the content
 * is written to a private temporary file which is then hard-linked into place, and linking
 * fails when the file appeared meanwhile — so two processes starting together agree on one
 * set of keys instead of each overwriting the other's.
 */
async function readOrCreateJson(file: string, create: () => Promise<unknown>): Promise<unknown> {
  const existing = await readJsonIfPresent(file);
  if (existing !== undefined) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(await create(), null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  const created = await readJsonIfPresent(file);
  if (created === undefined) throw new Error(`Could not create ${file}`);
  return created;
}

async function readJsonIfPresent(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
