import { randomBytes } from 'node:crypto';
import { checkInCodeAlphabet } from '@lanparty/contract/rules';

/** 26 base32 characters: 130 random bits, beyond guessing at the door or online. */
export const checkInCodeLength = 26;

/** A new check-in code (Crockford base32, upper case, no separators). */
export function createCheckInCode(): string {
  const bytes = randomBytes(17);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < checkInCodeLength; index += 1) {
    code += checkInCodeAlphabet[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}
