import { describe, expect, it } from 'vitest';
import { sha256 } from './sha-256.ts';

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j as the standard says', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('gives what crypto.subtle gives, for every length around a block’s end', async () => {
    for (let length = 0; length <= 200; length += 1) {
      const message = Uint8Array.from({ length }, (_, index) => (index * 31 + length) % 256);
      const expected = await crypto.subtle.digest('SHA-256', message);
      expect(hex(sha256(message)), `length ${length}`).toBe(hex(expected));
    }
  });
});
