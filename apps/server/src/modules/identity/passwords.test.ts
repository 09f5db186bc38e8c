import { describe, expect, it } from 'vitest';
import { hashPassword, unknownAccountHash, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a random salt', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('never matches an unreadable hash or the stand-in for unknown accounts', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999999$8$1$abc$def')).toBe(false);
    expect(await verifyPassword('', unknownAccountHash)).toBe(false);
  });
});
