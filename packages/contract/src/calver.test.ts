import { describe, expect, it } from 'vitest';
import {
  type CalVer,
  CalVerParseError,
  CURRENT_VERSION,
  compareCalVer,
  formatCalVer,
  parseCalVer,
} from './calver.ts';

describe('parseCalVer', () => {
  it('reads year, major and minor', () => {
    expect(parseCalVer('2025.1.1')).toEqual({ year: 2025, major: 1, minor: 1 });
  });

  it('reads a modifier after a dash', () => {
    expect(parseCalVer('2025.1.1-beta.2')).toEqual({
      year: 2025,
      major: 1,
      minor: 1,
      modifier: 'beta.2',
    });
  });

  it('accepts a modifier with dashes and dots', () => {
    expect(parseCalVer('2023.10.0-rc-1.x').modifier).toBe('rc-1.x');
  });

  it('accepts the placeholder year 0000', () => {
    expect(parseCalVer('0000.0.0')).toEqual({ year: 0, major: 0, minor: 0 });
  });

  it('accepts multi-digit major and minor numbers', () => {
    expect(parseCalVer('2999.10.120')).toEqual({ year: 2999, major: 10, minor: 120 });
  });

  it('parses the current version', () => {
    expect(parseCalVer(CURRENT_VERSION)).toEqual({ year: 2025, major: 1, minor: 1 });
  });

  it.each([
    ['1999.1.0', 'a year before 2000'],
    ['3000.1.0', 'a year from 3000'],
    ['0001.1.0', 'a year of zeros that is not 0000'],
    ['25.1.1', 'a two-digit year'],
    ['20250.1.1', 'a five-digit year'],
  ])('rejects a year that is not 2xxx or 0000 (%s: %s)', (text) => {
    expect(() => parseCalVer(text)).toThrow(CalVerParseError);
  });

  it.each([
    ['2025.01.1', 'a leading zero in major'],
    ['2025.1.01', 'a leading zero in minor'],
    ['2025.1', 'a missing minor'],
    ['2025.1.1.1', 'a fourth number'],
    ['2025.1.1 ', 'trailing whitespace'],
    [' 2025.1.1', 'leading whitespace'],
    ['2025.1.1x', 'trailing junk'],
    ['2025.1.1-', 'an empty modifier'],
    ['2025.1.1-beta_2', 'a modifier with an underscore'],
    ['2025.1.1+build', 'build metadata'],
    ['v2025.1.1', 'a v prefix'],
    ['2025.-1.1', 'a negative number'],
    ['2025.1.99999999999999999999', 'a number too large to keep'],
    ['', 'empty text'],
    ['   ', 'only whitespace'],
  ])('rejects %j (%s)', (text) => {
    expect(() => parseCalVer(text)).toThrow(CalVerParseError);
  });

  it('says which text could not be parsed', () => {
    expect(() => parseCalVer('2025.01.1')).toThrow("'2025.01.1' is not parseable to CalVer");
  });

  it('throws an Error subclass named CalVerParseError', () => {
    const error = captureError(() => parseCalVer('nope'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CalVerParseError);
    expect(error.name).toBe('CalVerParseError');
    expect(error.message).toBe("'nope' is not parseable to CalVer");
  });
});

describe('formatCalVer', () => {
  it.each(['2025.1.1', '2023.1.0', '0000.0.0', '2025.1.1-beta.2'])(
    'writes %s back as it was read',
    (text) => {
      expect(formatCalVer(parseCalVer(text))).toBe(text);
    },
  );

  it('pads the year to four digits', () => {
    expect(formatCalVer({ year: 0, major: 2, minor: 3 })).toBe('0000.2.3');
  });

  it('leaves out an empty modifier', () => {
    expect(formatCalVer({ year: 2025, major: 1, minor: 1, modifier: '' })).toBe('2025.1.1');
  });
});

describe('compareCalVer', () => {
  const compare = (a: string, b: string) => compareCalVer(parseCalVer(a), parseCalVer(b));

  it('finds equal versions equal', () => {
    expect(compare('2025.1.1', '2025.1.1')).toBe(0);
    expect(compare('2025.1.1-beta.2', '2025.1.1-beta.2')).toBe(0);
  });

  it('orders by year, then major, then minor', () => {
    expect(compare('2024.9.9', '2025.0.0')).toBeLessThan(0);
    expect(compare('2025.2.0', '2025.1.9')).toBeGreaterThan(0);
    expect(compare('2025.1.2', '2025.1.10')).toBeLessThan(0);
  });

  it('sorts a version with a modifier before the same version without one', () => {
    expect(compare('2025.1.1-beta', '2025.1.1')).toBeLessThan(0);
    expect(compare('2025.1.1', '2025.1.1-rc.1')).toBeGreaterThan(0);
  });

  it('sorts a modifier of a newer version after an older plain version', () => {
    expect(compare('2025.1.1-alpha', '2025.1.0')).toBeGreaterThan(0);
  });

  it('compares numeric modifier parts by value', () => {
    expect(compare('2025.1.1-beta.2', '2025.1.1-beta.10')).toBeLessThan(0);
  });

  it('compares word modifier parts alphabetically', () => {
    expect(compare('2025.1.1-alpha', '2025.1.1-beta')).toBeLessThan(0);
    expect(compare('2025.1.1-rc', '2025.1.1-beta')).toBeGreaterThan(0);
  });

  it('sorts numeric modifier parts before word parts', () => {
    expect(compare('2025.1.1-1', '2025.1.1-alpha')).toBeLessThan(0);
  });

  it('sorts a modifier with fewer parts first when the rest is equal', () => {
    expect(compare('2025.1.1-beta', '2025.1.1-beta.1')).toBeLessThan(0);
  });

  it('sorts the changelog releases from old to new', () => {
    const texts = ['2025.1.1', '2023.1.0', '2025.1.1-beta.1', '2024.2.0', '2025.1.0'];
    const sorted = texts.map(parseCalVer).sort(compareCalVer).map(formatCalVer);
    expect(sorted).toEqual(['2023.1.0', '2024.2.0', '2025.1.0', '2025.1.1-beta.1', '2025.1.1']);
  });
});

function captureError(action: () => CalVer): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected the action to throw an Error');
}
