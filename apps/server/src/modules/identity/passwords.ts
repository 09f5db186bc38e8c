import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: about 50 ms and 16 MiB per hash, which makes guessing expensive. */
const cost = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;
const saltLength = 16;

export const minimumPasswordLength = 10;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above 128·N·r, or Node refuses the default cost.
    scrypt(password, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await deriveKey(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * Whether the password matches a stored hash, compared in constant time. The cost is
 * read from the hash, so hashes made with an older cost keep working; an unreadable or
 * absurd hash never matches.
 */
export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = storedHash.split('$');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const isReadable =
    scheme === 'scrypt' &&
    saltText !== undefined &&
    hashText !== undefined &&
    Number.isInteger(options.N) &&
    options.N >= 1024 &&
    options.N <= 1_048_576 &&
    options.r >= 1 &&
    options.r <= 32 &&
    options.p >= 1 &&
    options.p <= 16;
  if (!isReadable) return false;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length !== keyLength) return false;
  const actual = await deriveKey(password, Buffer.from(saltText, 'base64url'), options);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of nothing anyone knows. Checking a password against it when the username does
 * not exist makes a wrong username take as long as a wrong password, so response times
 * do not tell which usernames exist.
 */
export const unknownAccountHash = `scrypt$${cost.N}$${cost.r}$${cost.p}$${randomBytes(saltLength).toString('base64url')}$${randomBytes(keyLength).toString('base64url')}`;
