import { randomBytes } from 'node:crypto';
import { checkInCodeAlphabet, shortCheckInCodeLength } from '@lanparty/contract/rules';

/** 26 base32 characters: 130 random bits, beyond guessing at the door or online. */
export const checkInCodeLength = 26;

/** `length` characters of Crockford base32 from fresh random bits (5 a character). */
function randomBase32(length: number): string {
  const bytes = randomBytes(Math.ceil((length * 5) / 8));
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < length; index += 1) {
    code += checkInCodeAlphabet[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}

/** A new check-in code (Crockford base32, upper case, no separators). */
export function createCheckInCode(): string {
  return randomBase32(checkInCodeLength);
}

/**
 * A new short code (8 characters, 40 random bits) for reading out at the door. Unique only
 * within a lan, so whoever stores one retries on the rare clash (decision 035).
 */
export function createShortCheckInCode(): string {
  return randomBase32(shortCheckInCodeLength);
}
