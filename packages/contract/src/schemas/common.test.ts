import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateSchema,
  dateTimeSchema,
  healthSchema,
  idParamSchema,
  idSchema,
  moneySchema,
  monthDateSchema,
  paged,
  pagedQuerySchema,
  problemDetailsSchema,
  timeSpanSchema,
} from './common.ts';

describe('idSchema', () => {
  it('accepts a positive integer', () => {
    expect(idSchema.parse(1)).toBe(1);
  });

  it.each([0, -1, 1.5, 2 ** 31, '1'])('rejects %j', (value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });
});

describe('idParamSchema', () => {
  it('reads an id from path text', () => {
    expect(idParamSchema.parse('42')).toBe(42);
  });

  it.each(['0', '-3', 'abc', '', '1.5', '+1', '0x1F', '1.0', ' 1', '1e3', '01', '2147483648'])(
    'rejects %j, which is not a plain positive decimal integer',
    (text) => {
      expect(idParamSchema.safeParse(text).success).toBe(false);
    },
  );
});

describe('dateTimeSchema', () => {
  it.each(['2025-03-14T18:00:00Z', '2025-03-14T18:00:00+01:00', '2025-03-14T18:00:00.123-05:30'])(
    'accepts %s, which carries its UTC offset',
    (text) => {
      expect(dateTimeSchema.safeParse(text).success).toBe(true);
    },
  );

  it.each([
    ['2025-03-14T18:00:00', 'no offset'],
    ['2025-03-14', 'only a date'],
    ['2025-02-30T18:00:00Z', 'a day that does not exist'],
    ['14-03-2025 18:00', 'another format'],
    ['0000-01-01T00:00:00Z', 'before 1900'],
    ['1899-12-31T23:59:59Z', 'before 1900'],
    ['2200-01-01T00:00:00Z', 'after 2199'],
  ])('rejects %s (%s)', (text) => {
    expect(dateTimeSchema.safeParse(text).success).toBe(false);
  });

  it('accepts the first and the last supported year', () => {
    expect(dateTimeSchema.safeParse('1900-01-01T00:00:00Z').success).toBe(true);
    expect(dateTimeSchema.safeParse('2199-12-31T23:59:59Z').success).toBe(true);
  });
});

describe('dateSchema', () => {
  it('accepts yyyy-MM-dd, leap days included', () => {
    expect(dateSchema.safeParse('2024-02-29').success).toBe(true);
  });

  it.each(['2023-02-29', '2025-13-01', '1995-6-21', '1995-06-21T00:00:00Z', '0000-01-01'])(
    'rejects %s',
    (text) => {
      expect(dateSchema.safeParse(text).success).toBe(false);
    },
  );
});

describe('monthDateSchema', () => {
  it('accepts the first day of a month', () => {
    expect(monthDateSchema.safeParse('2025-02-01').success).toBe(true);
  });

  it('rejects any other day', () => {
    expect(monthDateSchema.safeParse('2025-02-02').success).toBe(false);
  });
});

describe('moneySchema', () => {
  it.each([0, 27.5, 19.99, 10_000])('accepts %d euros', (amount) => {
    expect(moneySchema.safeParse(amount).success).toBe(true);
  });

  it.each([
    [-0.01, 'a negative amount'],
    [1.005, 'a fraction of a cent'],
    [0.1 + 0.2, 'a float that is not a whole number of cents'],
    ['27.50', 'text'],
  ])('rejects %j (%s)', (amount, _reason) => {
    expect(moneySchema.safeParse(amount).success).toBe(false);
  });
});

describe('timeSpanSchema', () => {
  it.each(['00:05:00', '1.02:03:04.5000000', '-00:00:01'])('accepts %s', (text) => {
    expect(timeSpanSchema.safeParse(text).success).toBe(true);
  });

  it.each(['24:00:00', '5 minutes', '', 300])('rejects %j', (value) => {
    expect(timeSpanSchema.safeParse(value).success).toBe(false);
  });

  it('checks without logging to the console', () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      timeSpanSchema.safeParse('garbage');
    } finally {
      console.error = original;
    }
    expect(logged).toEqual([]);
  });
});

describe('pagedQuerySchema', () => {
  it('defaults to offset 0 and limit 20', () => {
    expect(pagedQuerySchema.parse({})).toEqual({ offset: 0, limit: 20 });
  });

  it('reads numbers from query-string text', () => {
    expect(pagedQuerySchema.parse({ offset: '40', limit: '100' })).toEqual({
      offset: 40,
      limit: 100,
    });
  });

  it.each([{ limit: '0x10' }, { offset: '+1' }, { limit: '1.0' }, { limit: '' }, { limit: '101' }])(
    'refuses %j',
    (query) => {
      expect(pagedQuerySchema.safeParse(query).success).toBe(false);
    },
  );

  it('ignores other query parameters', () => {
    expect(pagedQuerySchema.parse({ limit: '5', sort: 'start-date' })).toEqual({
      offset: 0,
      limit: 5,
    });
  });

  it.each([
    [{ limit: '101' }, 'a limit above 100'],
    [{ limit: '0' }, 'a limit of 0'],
    [{ offset: '-1' }, 'a negative offset'],
    [{ offset: '1.5' }, 'a fractional offset'],
    [{ limit: 'ten' }, 'a limit that is not a number'],
  ])('rejects %j (%s)', (query, _reason) => {
    expect(pagedQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('paged', () => {
  const pagedNames = paged(z.string());

  it('describes a page of items with offset, limit and total', () => {
    const page = { items: ['a', 'b'], offset: 0, limit: 20, total: 2 };
    expect(pagedNames.parse(page)).toEqual(page);
  });

  it('checks each item with the item schema', () => {
    expect(pagedNames.safeParse({ items: [1], offset: 0, limit: 20, total: 1 }).success).toBe(
      false,
    );
  });

  it('is made once per item schema, so asking for it in a handler costs no new schema', () => {
    const names = z.string();
    expect(paged(names)).toBe(paged(names));
    expect(paged(z.string())).not.toBe(paged(names));
  });
});

describe('problemDetailsSchema', () => {
  it('accepts a 400 with messages per field', () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The lan is not valid.',
      errors: { endDate: ['End date must after Start date'] },
    };
    expect(problemDetailsSchema.parse(problem)).toEqual(problem);
  });

  it('accepts a problem with only type, title and status', () => {
    expect(
      problemDetailsSchema.safeParse({ type: 'about:blank', title: 'Not Found', status: 404 })
        .success,
    ).toBe(true);
  });
});

describe('healthSchema', () => {
  it('accepts a healthy answer with a calendar version', () => {
    expect(
      healthSchema.safeParse({ status: 'ok', database: 'ok', version: '2025.1.1' }).success,
    ).toBe(true);
  });

  it('rejects a version that is not a calendar version', () => {
    expect(healthSchema.safeParse({ status: 'ok', database: 'ok', version: '1.0' }).success).toBe(
      false,
    );
  });
});
