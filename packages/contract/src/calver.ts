/** A calendar version: `year.major.minor` with an optional modifier such as `beta.2`. */
export type CalVer = {
  year: number;
  major: number;
  minor: number;
  modifier?: string;
};

/** The version of the product this contract describes. */
export const CURRENT_VERSION = '2025.1.1';

/** Thrown by {@link parseCalVer} for any text that is not a calendar version. */
export class CalVerParseError extends Error {
  override name = 'CalVerParseError';

  constructor(text: string) {
    super(`'${text}' is not parseable to CalVer`);
  }
}

// Year 2xxx, or 0000 for builds that carry no real version; numbers without leading zeros.
const CALVER_PATTERN = /^(2\d{3}|0000)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;

/** Parses `2025.1.1` or `2025.1.1-beta.2`; throws {@link CalVerParseError} otherwise. */
export function parseCalVer(text: string): CalVer {
  const match = CALVER_PATTERN.exec(text);
  const [, year, major, minor, modifier] = match ?? [];
  if (year === undefined || major === undefined || minor === undefined) {
    throw new CalVerParseError(text);
  }
  const version: CalVer = { year: Number(year), major: Number(major), minor: Number(minor) };
  // Beyond this the number would silently change when read back.
  if (!Number.isSafeInteger(version.major) || !Number.isSafeInteger(version.minor)) {
    throw new CalVerParseError(text);
  }
  if (modifier !== undefined) {
    version.modifier = modifier;
  }
  return version;
}

/** Writes a version back as text; the year is padded to four digits so 0 reads `0000`. */
export function formatCalVer(version: CalVer): string {
  const year = String(version.year).padStart(4, '0');
  const modifier = version.modifier ? `-${version.modifier}` : '';
  return `${year}.${version.major}.${version.minor}${modifier}`;
}

/**
 * Orders versions for sorting: negative when `a` is older. A version with a modifier comes
 * before the same version without one, and modifiers compare like semver prereleases
 * (numeric parts by value, numbers before words, fewer parts first).
 */
export function compareCalVer(a: CalVer, b: CalVer): number {
  return (
    Math.sign(a.year - b.year) ||
    Math.sign(a.major - b.major) ||
    Math.sign(a.minor - b.minor) ||
    compareModifiers(a.modifier, b.modifier)
  );
}

function compareModifiers(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const aParts = a.split('.');
  const bParts = b.split('.');
  for (let index = 0; index < Math.min(aParts.length, bParts.length); index++) {
    const order = compareModifierParts(aParts[index] ?? '', bParts[index] ?? '');
    if (order !== 0) return order;
  }
  return Math.sign(aParts.length - bParts.length);
}

function compareModifierParts(a: string, b: string): number {
  const isANumber = /^\d+$/.test(a);
  const isBNumber = /^\d+$/.test(b);
  if (isANumber && isBNumber) return Math.sign(Number(a) - Number(b));
  if (isANumber) return -1;
  if (isBNumber) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
