import { describe, expect, it, vi } from 'vitest';
import { formatTimeSpan, isValidDuration, parseTimeSpan } from './time-span.ts';

const DAY = 86_400;

/** Parses without logging, for tests that only look at the result. */
function parseQuietly(text: string): number {
  return parseTimeSpan(text, () => {});
}

describe('parseTimeSpan', () => {
  it.each([
    ['00:00:00', 0],
    ['00:05:00', 300],
    ['01:00:00', 3600],
    ['23:59:59', DAY - 1],
    ['1.00:00:00', DAY],
    ['1.02:03:04', DAY + 2 * 3600 + 3 * 60 + 4],
    ['1.02:03:04.5000000', DAY + 2 * 3600 + 3 * 60 + 4.5],
    ['-00:00:01', -1],
    ['-1.00:00:00', -DAY],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseQuietly(text)).toBe(seconds);
  });

  it('reads a fraction with fewer than seven digits as a decimal fraction', () => {
    expect(parseQuietly('00:00:01.5')).toBe(1.5);
    expect(parseQuietly('00:00:00.25')).toBe(0.25);
    expect(parseQuietly('00:00:00.001')).toBeCloseTo(0.001, 10);
  });

  it('reads a single tick', () => {
    expect(parseQuietly('00:00:00.0000001')).toBeCloseTo(1e-7, 12);
  });

  it('reads a large day count', () => {
    expect(parseQuietly('10675199.02:48:05')).toBe(10_675_199 * DAY + 2 * 3600 + 48 * 60 + 5);
  });

  it('applies the minus sign to the whole span, days included', () => {
    expect(parseQuietly('-1.00:00:01.5')).toBe(-(DAY + 1.5));
  });

  it('reads minus zero as plain zero', () => {
    expect(Object.is(parseQuietly('-00:00:00'), 0)).toBe(true);
  });

  it.each([
    ['24:00:00', 'hours beyond 23'],
    ['00:60:00', 'minutes beyond 59'],
    ['00:00:60', 'seconds beyond 59'],
    ['1:02:03', 'a one-digit hour'],
    ['00:00', 'no seconds'],
    ['00:00:00.12345678', 'a fraction of eight digits'],
    ['00:00:00.', 'an empty fraction'],
    ['.00:00:00', 'an empty day count'],
    ['1:00:00:00', 'days separated by a colon'],
    ['+00:00:01', 'a plus sign'],
    ['--00:00:01', 'two minus signs'],
    [' 00:00:01', 'leading whitespace'],
    ['00:00:01 ', 'trailing whitespace'],
    ['PT5M', 'an ISO-8601 duration'],
    ['', 'empty text'],
    ['garbage', 'garbage'],
    [`${'9'.repeat(400)}.00:00:00`, 'a day count beyond any number'],
  ])('gives the invalid duration for %j (%s)', (text) => {
    expect(parseQuietly(text)).toBeNaN();
  });

  it('gives the invalid duration for a value that is not text at all', () => {
    expect(parseQuietly(null as unknown as string)).toBeNaN();
  });

  it('reports a failure with a message naming the text', () => {
    const onError = vi.fn();
    parseTimeSpan('24:00:00', onError);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toContain("'24:00:00'");
  });

  it('reports nothing for valid text', () => {
    const onError = vi.fn();
    parseTimeSpan('00:05:00', onError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('logs a failure to the console by default', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(parseTimeSpan('nonsense')).toBeNaN();
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("'nonsense'"));
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('formatTimeSpan', () => {
  it.each([
    [0, '00:00:00'],
    [300, '00:05:00'],
    [DAY - 1, '23:59:59'],
    [DAY, '1.00:00:00'],
    [DAY + 2 * 3600 + 3 * 60 + 4.5, '1.02:03:04.5000000'],
    [-1, '-00:00:01'],
    [-(DAY + 1.5), '-1.00:00:01.5000000'],
    [1e-7, '00:00:00.0000001'],
    [400 * DAY, '400.00:00:00'],
  ])('writes %d seconds as %s', (seconds, text) => {
    expect(formatTimeSpan(seconds)).toBe(text);
  });

  it('rounds to the nearest tick', () => {
    expect(formatTimeSpan(1.00000004)).toBe('00:00:01');
    expect(formatTimeSpan(1.00000006)).toBe('00:00:01.0000001');
  });

  it('carries a fraction that rounds up to a whole second', () => {
    expect(formatTimeSpan(59.99999999)).toBe('00:01:00');
  });

  it('writes minus zero, and negatives that round to zero, without a sign', () => {
    expect(formatTimeSpan(-0)).toBe('00:00:00');
    expect(formatTimeSpan(-1e-9)).toBe('00:00:00');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'throws a RangeError for %d',
    (seconds) => {
      expect(() => formatTimeSpan(seconds)).toThrow(RangeError);
    },
  );
});

describe('a time span round trip', () => {
  it.each([
    '00:00:00',
    '00:05:00',
    '23:59:59',
    '1.02:03:04.5000000',
    '-00:00:01',
    '-3.04:05:06.0000001',
    '12.23:59:59.9999999',
    '1234.01:02:03.1234567',
    '10675199.02:48:05',
  ])('writes %s back exactly as it was read', (text) => {
    expect(formatTimeSpan(parseQuietly(text))).toBe(text);
  });

  it('writes a short fraction back in its seven-digit canonical form', () => {
    expect(formatTimeSpan(parseQuietly('00:00:01.5'))).toBe('00:00:01.5000000');
  });

  it('writes a long playtime in whole seconds back exactly', () => {
    const seconds = 98_765 * DAY + 12 * 3600 + 34 * 60 + 56;
    expect(parseQuietly(formatTimeSpan(seconds))).toBe(seconds);
  });
});

describe('isValidDuration', () => {
  it('accepts any finite number of seconds, negative and fractional included', () => {
    expect(isValidDuration(0)).toBe(true);
    expect(isValidDuration(-1.5)).toBe(true);
    expect(isValidDuration(93_784.5)).toBe(true);
  });

  it('rejects the invalid duration and infinities', () => {
    expect(isValidDuration(Number.NaN)).toBe(false);
    expect(isValidDuration(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isValidDuration(Number.NEGATIVE_INFINITY)).toBe(false);
  });
});
