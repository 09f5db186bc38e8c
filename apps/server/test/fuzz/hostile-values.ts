import fc from 'fast-check';
import { Encoded } from './symbols.ts';

/**
 * Values a careless or hostile client sends. Each list holds the cases that have broken
 * servers before (lenient number parsing, NUL bytes PostgreSQL refuses, years outside
 * what a database stores); fast-check adds random ones around them.
 */

const hugeText = 'x'.repeat(100_000);

/** Path segments and query values, written into the URL as they are. */
export const hostileUrlTexts: string[] = [
  '+1',
  '%2B1',
  '0x1F',
  '1.0',
  '1.5',
  '%201',
  '1%20',
  '-1',
  '0',
  '00',
  '1e3',
  '1_000',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '',
  '%00',
  'a%00b',
  '1%00',
  '..%2F',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%zz',
  '%C0%AE',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%98%80',
  '%E2%80%AE1',
  '%D9%A1',
  '%EF%BC%91',
  "1'%20OR%20'1'%3D'1",
  '%7B%7D',
  '%5B%5D',
  `${'1'.repeat(400)}`,
  'a'.repeat(5000),
];

/** Strings for JSON fields. */
export const hostileStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\ud83d',
  '😀'.repeat(60),
  '👨‍👩‍👧‍👦',
  '\u202eevil',
  '\u200b',
  'e\u0301'.repeat(60),
  '\r\n\t',
  'null',
  'NaN',
  '0',
  '-1',
  '1e999',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  'é'.repeat(101),
  hugeText,
  `${hugeText.slice(0, 50_000)}\u0000`,
];

/** Numbers that are valid JSON but rarely valid input. */
export const hostileNumbers: number[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -1.5,
  0.1 + 0.2,
  10000.001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Dates: out of range, impossible, or at the edges of what each engine stores. */
export const hostileDateTimes: string[] = [
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+01:00',
  '0000-02-29T12:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-23:59',
  '2023-02-29T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:00',
  '2024-01-01T00:00:00.1234567891234Z',
  '2024-01-01T00:00:00+14:00',
  '2024-01-01 00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  'yesterday',
  '1700000000',
  'Mon, 01 Jan 2024 00:00:00 GMT',
];

export const hostileDates: string[] = [
  '0000-01-01',
  '0000-02-29',
  '0001-01-01',
  '9999-12-31',
  '2023-02-29',
  '1900-02-29',
  '2024-00-10',
  '2024-1-1',
  '99999-01-01',
  '2024-01-01T00:00:00Z',
];

/** A date-time the pattern accepts, anywhere in years 0000–9999 and offsets ±23:59. */
export const anyPatternDateTime = fc
  .record({
    // The edges first: year 0, before 1000, 1900 (birth dates), 9999 (with an offset, 10000).
    year: fc.oneof(
      fc.constantFrom(0, 1, 999, 1000, 1899, 1900, 1969, 1970, 2199, 2200, 9998, 9999),
      fc.integer({ min: 0, max: 9999 }),
    ),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    offset: fc.constantFrom('Z', '+01:00', '-23:59', '+23:59', '+00:00'),
  })
  .map(({ year, month, day, hour, offset }) => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:00:00${offset}`;
  });

/** Anything JSON can hold, for a field of another type. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', 'text', [], {}, [1, 2], { a: 1 }),
  fc.jsonValue({ maxDepth: 2 }),
  // Nesting a recursive validator or presenter could choke on.
  fc.constant(JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as unknown),
);

/** Characters that break storage or comparison: NUL, lone surrogates, emoji, direction marks. */
const troublesomeCharacters = [
  '\u0000',
  '\u0000',
  '\ud800',
  '\udfff',
  '😀',
  '\u202e',
  '\ufeff',
  '\u0301',
];

/**
 * Strings for a field: plausible text with one troublesome character in it (so the rest
 * of the value passes the length and format checks), listed hostile strings, and random
 * text of every code point.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Frag', 'Utrecht', 'ann@example.com', 'x'),
        fc.nat(),
        fc.constantFrom(...troublesomeCharacters),
      )
      .map(([text, position, character]) => {
        const at = position % (text.length + 1);
        return `${text.slice(0, at)}${character}${text.slice(at)}`;
      }),
  },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** A path segment or query value: listed hostile text, random text, or a huge number. */
export const hostileUrlText: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileUrlTexts).map((text) => new Encoded(text)) },
  { weight: 1, arbitrary: fc.constantFrom(...hostileDateTimes) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...hostileNumbers),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
);

/** Headers a client may send on any call; values are visible ASCII, as HTTP allows. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom(
      '*/*',
      'text/html',
      'application/xml',
      ';;;',
      'application/json;q=0',
      '',
      // What browsers send for images: the site then serves AVIF or WebP it makes on demand.
      'image/avif,image/webp,*/*',
      'image/webp;q=0.9, image/avif;q=abc',
    ),
    'if-none-match': fc.oneof(
      fc.constantFrom('*', 'W/"x"', '"', '""', '"a", "b"', ',,,', 'x'.repeat(8000)),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }).map(visibleAscii),
    ),
    'if-modified-since': fc.oneof(
      fc.constantFrom(
        'yesterday',
        '0',
        '-1',
        '99999999999999999999',
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'Fri, 31 Dec 9999 23:59:59 GMT',
        'Sat, 13 Sep 275760 00:00:00 GMT',
        'Mon, 32 Foo 2024 99:99:99 GMT',
      ),
      fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
    ),
    'accept-language': fc.constantFrom('*', 'nl;q=abc', 'x'.repeat(2000)),
    'accept-encoding': fc.constantFrom('gzip;q=2', 'br, *;q=0', 'identity;q=0'),
    // Garbage forwarding headers: the fuzzed site trusts its proxy, so these reach request.ip.
    'x-forwarded-for': fc.constantFrom('garbage', '999.999.999.999', '::ffff:1.2.3.4, ,', ''),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'GARBAGE'),
    origin: fc.constantFrom('null', 'https://evil.example', 'x'),
  },
  { requiredKeys: [] },
);

/** Authorization headers that are not a valid token (sent by the anonymous caller). */
export const hostileAuthorizations: string[] = [
  'Bearer',
  'Bearer ',
  'Bearer x',
  'Bearer a.b.c',
  'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'Basic YTpi',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
];

function visibleAscii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
