/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud is not misheard. */
export const checkInCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A check-in code as typed or scanned, made comparable: upper case, without spaces or
 * dashes, O read as 0 and I or L as 1 (Crockford). A scanned ticket URL gives its code.
 */
export function normalizeCheckInCode(text: string): string {
  const fromUrl = /[#?&]code=([^&#\s]+)/.exec(text)?.[1];
  return (fromUrl ?? text)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A check-in code in groups of four for reading: `7K3M-9QX2-…`. */
export function formatCheckInCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

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
