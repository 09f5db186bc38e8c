import { checkInCodeAlphabet } from './subscriber-rules.ts';

/**
 * The short code of a ticket, for reading out at the door beside the QR code's long one:
 * 8 characters of the same alphabet, 40 random bits, unique within its lan, written
 * `7KQ4-MZ2X` by formatCheckInCode (decision 035).
 */
export const shortCheckInCodeLength = 8;

/** True when a normalised code (see normalizeCheckInCode) has the short code's shape. */
export function isShortCheckInCode(normalized: string): boolean {
  return (
    normalized.length === shortCheckInCodeLength &&
    [...normalized].every((character) => checkInCodeAlphabet.includes(character))
  );
}
