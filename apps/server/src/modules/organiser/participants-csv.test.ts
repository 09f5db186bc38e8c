import type { Participant } from '@lanparty/contract';
import { buildParticipant } from '@lanparty/contract/testing';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvOptions, csvCell, formatCsvTime } from '../../lib/csv.ts';
import { participantCsvHeaders, participantsCsv } from './participants-csv.ts';

/*
 * The participants CSV is written for a reader that splits on `,` and honours RFC 4180
 * quotes, but a spreadsheet may split on `;` (Excel in Dutch or German) or a tab, and may
 * take quotes as quotes or as plain characters. Every such reading is tried here with the
 * real csv-parse: no cell may start a formula in any of them.
 */

/** What a spreadsheet may run as a formula when a cell starts with it. */
const triggers = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];
/** Where a reader may start a cell: a separator of some reading, or a line break. */
const separators = [',', ';', '\t', '\r', '\n'];
/** Quotes a reader may take away, and spaces it may trim (any but tab, CR and LF). */
const isLead = (char: string) => char === '"' || (/\s/u.test(char) && !'\t\r\n'.includes(char));
const lead = /^(?:"|(?![\t\r\n])\s)*/u;

type Reading = { delimiter: ',' | ';' | '\t'; quotes: boolean; records: string | string[] };
const readings: Reading[] = (['\t', ';', ','] as const).flatMap((delimiter) =>
  [true, false].flatMap((quotes) =>
    // Lines split on any line break (spreadsheets), or on only one kind of it.
    [['\r\n', '\n', '\r'], '\r\n', '\n', '\r'].map((records) => ({ delimiter, quotes, records })),
  ),
);
const nameOf = ({ delimiter, quotes, records }: Reading) =>
  `split on ${JSON.stringify(delimiter)}, lines on ${JSON.stringify(records)}, ` +
  (quotes ? 'quotes honoured' : 'quotes not special');

/** Every cell of the CSV as this reading sees it. */
function cellsOf(csv: string, reading: Reading): string[] {
  const options = {
    bom: true,
    delimiter: reading.delimiter,
    record_delimiter: reading.records,
    relax_column_count: true,
    ...(reading.quotes ? { relax_quotes: true } : { quote: false }),
  };
  try {
    return (parse(csv, options) as string[][]).flat();
  } catch (error) {
    // csv-parse gives up on a quote never closed; a spreadsheet reads the rest of the file
    // into that cell, as a closing quote at the end makes csv-parse do.
    if (reading.quotes && (error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED') {
      return (parse(`${csv}"`, options) as string[][]).flat();
    }
    throw error;
  }
}

/**
 * The amount due of the participants below: not one that occurs (money is never negative),
 * but a number that starts with `-`, which must stay a number, not become text. Paid, so
 * it is their amount paid too. Its cells in any reading: `-7.25`, or `-7,25` as the
 * semicolon dialect writes it, which a reader splitting on `,` sees as `-7` and `25`.
 */
const amountDue = -7.25;
const ourNumbers = ['-7.25', '-7,25', '-7'];

/** The cells of every reading that, without their leading quotes and spaces, start a formula. */
function formulaCells(csv: string): string[] {
  return readings.flatMap((reading) =>
    cellsOf(csv, reading)
      .filter((cell) => !ourNumbers.includes(cell))
      .filter((cell) => triggers.some((trigger) => cell.replace(lead, '').startsWith(trigger)))
      .map((cell) => `${nameOf(reading)}: ${JSON.stringify(cell)}`),
  );
}

/** The two dialects of the download: `,` with a decimal point, `;` with a decimal comma. */
type Dialect = CsvOptions & { delimiter: ',' | ';' };
const timeZone = 'Europe/Amsterdam';
const dialects: Dialect[] = [
  { separator: 'comma', delimiter: ',', timeZone },
  { separator: 'semicolon', delimiter: ';', timeZone },
];

type Names = Partial<Pick<Participant, 'nickname' | 'firstName' | 'surname' | 'email'>>;
const participant = (names: Names, subscriberId = 1): Participant =>
  buildParticipant({
    subscriberId,
    userId: 100 + subscriberId,
    nickname: 'ada',
    firstName: null,
    surname: null,
    email: null,
    emailVerified: true,
    isMember: false,
    status: 'Paid',
    waitlistPosition: 3,
    amountDue,
    present: true,
    subscribedOn: '2026-01-02T03:04:05.000Z',
    checkInCode: '7K3M-9QX2-T5VB',
    ...names,
  });
const everywhere = (name: string): Names => ({
  nickname: name,
  firstName: name,
  surname: name,
  email: name,
});
const textColumns = ['Nickname', 'First name', 'Surname', 'E-mail'] as const;
const keyOf = {
  Nickname: 'nickname',
  'First name': 'firstName',
  Surname: 'surname',
  'E-mail': 'email',
} as const;

/** The CSV read as written: split on its delimiter, quotes honoured, strictly (RFC 4180). */
const rowsAsWritten = (csv: string, dialect: Dialect): string[][] =>
  parse(csv, { bom: true, delimiter: dialect.delimiter, record_delimiter: '\r\n' });
/** A row read as written, by header. */
const rowOf = (csv: string, dialect: Dialect, index = 1): Record<string, string | undefined> => {
  const rows = rowsAsWritten(csv, dialect);
  return Object.fromEntries((rows[0] ?? []).map((header, i) => [header, rows[index]?.[i]]));
};

/**
 * The name with an apostrophe right before each trigger that some reading could find at
 * the start of a cell: at the start of the name, or after `,` `;` tab CR LF, with only
 * quotes and spaces between. A tab right after a tab (and a CR right after a CR) is the
 * exception: where the first one starts a cell, the second ends it, empty.
 */
function neutralisedByHand(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i += 1) {
    const char = name[i] as string;
    if (triggers.includes(char)) {
      let start = i;
      while (start > 0 && isLead(name[start - 1] as string)) start -= 1;
      const before = start === 0 ? undefined : name[start - 1];
      const cellMayStart = before === undefined || separators.includes(before);
      const sameSeparatorAgain = start === i && before === char;
      if (cellMayStart && !sameSeparatorAgain) out += "'";
    }
    out += char;
  }
  return out;
}

/** A cell written as RFC 4180 asks: quoted when it holds a quote, the delimiter or a line break. */
const rfc4180 = (text: string, delimiter: ',' | ';' = ',') =>
  /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replaceAll('"', '""')}"` : text;

/**
 * Where `written` has apostrophes that `name` has not, or null when `written` is not `name`
 * with apostrophes put in. (An inserted one is followed by a trigger, never an apostrophe,
 * so matching each apostrophe of `name` to the first one left is unambiguous.)
 */
function insertedApostrophes(name: string, written: string): number[] | null {
  const inserted: number[] = [];
  let at = 0;
  for (let i = 0; i < written.length; i += 1) {
    if (written[i] === name[at]) at += 1;
    else if (written[i] === "'") inserted.push(i);
    else return null;
  }
  return at === name.length ? inserted : null;
}

/** What the cell of `name` is, checked against the rules above, with the real parser. */
function expectMinimallyChanged(name: string, dialect: Dialect) {
  const { delimiter: d } = dialect;
  const cell = csvCell(name, d);
  const written = rowsAsWritten(`${cell}\r\n`, dialect)[0]?.[0] ?? '';
  expect(written, JSON.stringify(name)).toBe(neutralisedByHand(name));
  const inserted = insertedApostrophes(name, written);
  expect(inserted, JSON.stringify(name)).not.toBeNull();
  const removed = [...written].filter((_, i) => !inserted?.includes(i)).join('');
  expect(removed).toBe(name);
  for (const i of inserted ?? []) {
    expect(triggers, JSON.stringify(name)).toContain(written[i + 1]);
    // Each one is needed: without it, some reading starts a cell with the trigger. But a tab
    // after a tab (or CR after CR) with quotes and spaces between needs a reader that keeps
    // a quote open when `"` is followed by something other than a separator, which
    // csv-parse does not do.
    const without = written.slice(0, i) + written.slice(i + 1);
    const csv = `1${d}2${d}${rfc4180(without, d)}${d}yes\r\n`;
    const trigger = written[i + 1] as string;
    const leadBefore = written.slice(0, i).match(/(?:"|(?![\t\r\n])\s)*$/u)?.[0] ?? '';
    const afterSame = leadBefore.length > 0 && written[i - leadBefore.length - 1] === trigger;
    if (!afterSame) expect(formulaCells(csv), JSON.stringify(without)).not.toEqual([]);
  }
}

describe.each(dialects)(
  'the participants CSV split on $delimiter, read by a spreadsheet that splits on , ; or tab',
  (dialect) => {
    const { delimiter: d } = dialect;
    const csvOf = (participants: readonly Participant[]) => participantsCsv(participants, dialect);

    const payloads = ['=2+3', "=cmd|' /C calc'!A0", '@SUM(2,3)'];
    const runs = ['', '"', ' '].flatMap((a) =>
      ['', '"', ' '].flatMap((b) => ['', '"', ' '].map((c) => a + b + c)),
    );
    const prefixes = ['', 'x', ...separators, '\r\n'].flatMap((separator) =>
      separator === '' || separator === 'x' ? [separator] : [separator, `x${separator}`],
    );
    const corpus = [
      ...new Set([
        ...prefixes.flatMap((prefix) =>
          runs.flatMap((run) => [
            ...triggers.map((trigger) => `${prefix}${run}${trigger}1`),
            ...payloads.map((payload) => `${prefix}${run}${payload}`),
          ]),
        ),
        'x;"=2+3;y',
        "x;\"=cmd|' /C calc'!A0;y",
        'x;"@SUM(2,3);y',
        '""=2+3',
        '"=2+3',
        ';"=2+3',
        '\t=2+3',
        '\t\t=2+3',
        '\t\t\tx',
        '\r\r=1',
        '\r\n=1',
        '\n\r=1',
        'x\t"\t=1',
        'x\t" "\t=1',
        '\t"\t',
        '=\t=\r-\n+;@,＝',
        ';;=1',
        '; ;"=1',
        ',"" ""@1',
        '" "\r\n" "-1',
        'Line one\nline two\r\nline three',
        'x\r',
        'x;',
        'x\t',
        '"',
        '""""',
        ';',
        '',
        '\u3000＝1',
        'x;\u00a0=1',
      ]),
    ];

    it('writes the filed surname so that no reading gets =2+3, and only adds an apostrophe', () => {
      const csv = csvOf([participant({ surname: 'x;"=2+3;y' })]);
      expect(csv).toContain(`${d}"x;""'=2+3;y"${d}`);
      expect(formulaCells(csv)).toEqual([]);
      expect(rowOf(csv, dialect).Surname).toBe('x;"\'=2+3;y');
      // Read on `;` (as Dutch or German Excel does) while not taking our quotes as quotes:
      // past its quotes, the cell starts with `'`.
      expect(cellsOf(csv, { delimiter: ';', quotes: false, records: '\r\n' })).toContain(
        '""\'=2+3',
      );
      expect(insertedApostrophes('x;"=2+3;y', rowOf(csv, dialect).Surname as string)).toEqual([3]);
    });

    it(`starts no formula in any of the ${readings.length} readings: each trigger after each separator, quotes and spaces`, () => {
      const failures = corpus.flatMap((name) =>
        formulaCells(csvOf([participant(everywhere(name))])).map(
          (cell) => `${JSON.stringify(name)} → ${cell}`,
        ),
      );
      expect(failures.slice(0, 20), `${failures.length} cells start a formula`).toEqual([]);
    });

    it('changes each hostile name only by apostrophes right before a trigger, each needed', () => {
      for (const name of corpus) expectMinimallyChanged(name, dialect);
    });

    it('starts no formula and changes names minimally for any name (property)', () => {
      const hostile = fc.constantFrom(
        ...triggers,
        ...separators,
        '"',
        '"',
        ' ',
        "'",
        '\r\n',
        '\u00a0',
        '\u3000',
      );
      const plain = fc.constantFrom('a', 'Z', 'é', '1', '東');
      const name = fc.string({
        unit: fc.oneof({ arbitrary: hostile, weight: 5 }, { arbitrary: plain, weight: 1 }),
        maxLength: 12,
      });
      fc.assert(
        fc.property(fc.tuple(name, name, name, name), ([nickname, firstName, surname, email]) => {
          const names = { nickname, firstName, surname, email };
          const csv = csvOf([participant(names), participant(everywhere(surname), 2)]);
          expect(formulaCells(csv)).toEqual([]);
          const row = rowOf(csv, dialect);
          for (const column of textColumns) {
            expect(row[column]).toBe(neutralisedByHand(names[keyOf[column]]));
            expectMinimallyChanged(names[keyOf[column]], dialect);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('leaves ordinary names as they are, read back as written', () => {
      const ordinary = [
        "O'Brien",
        'Anne-Marie',
        'Jean, Paul',
        'Müller',
        'Zoë Ångström',
        'Say "hi"',
        'Line one\nline two',
        'a = b',
        'x+y@example.org',
        '50% - off',
        'semi;colon',
        '東京 ✨',
        "D'Artagnan-Smith",
        '"Quoted"',
      ];
      const csv = csvOf(ordinary.map((name, i) => participant(everywhere(name), i + 1)));
      ordinary.forEach((name, i) => {
        const row = rowOf(csv, dialect, i + 1);
        for (const column of textColumns) expect(row[column], column).toBe(name);
        expect(csvCell(name, d)).toBe(rfc4180(name, d));
      });
    });

    it('keeps its own numbers as numbers, a - included, and quotes only for its own delimiter', () => {
      const csv = csvOf([participant({ nickname: 'Jean, Paul;x\ty' })]);
      const amount = d === ',' ? '-7.25' : '-7,25';
      expect(rowOf(csv, dialect)).toMatchObject({
        'Subscriber ID': '1',
        'User ID': '101',
        Nickname: 'Jean, Paul;x\ty',
        'Waitlist position': '3',
        'Amount due (€)': amount,
        'Paid (€)': amount,
        Member: 'no',
        Present: 'yes',
        Status: 'Paid',
      });
      expect(csv).toContain(`${d}3${d}${amount}${d}${amount}${d}`);
      expect(csvCell('semi;colon\ttab', ',')).toBe('semi;colon\ttab');
      expect(csvCell('com,ma\ttab', ';')).toBe('com,ma\ttab');
    });
  },
);

describe.each(dialects)('the participants CSV split on $delimiter, read back', (dialect) => {
  const decimal = (amount: string) =>
    dialect.separator === 'semicolon' ? amount.replace('.', ',') : amount;
  const people = [
    buildParticipant({
      subscriberId: 11,
      userId: 21,
      nickname: 'semi;colon, comma',
      firstName: 'Say "hi"',
      surname: 'Line one\nline two\r\nline three',
      email: 'zoë@example.org',
      emailVerified: false,
      isMember: true,
      status: 'Accepted',
      amountDue: 27.5,
      subscribedOn: '2026-01-02T03:04:05.000Z',
      checkInCode: 'AAAABBBBCCCC',
      seat: 'A12',
    }),
    buildParticipant({
      subscriberId: 12,
      userId: 22,
      nickname: 'paid',
      isMember: false,
      status: 'Paid',
      amountDue: 30,
      present: false,
      subscribedOn: '2026-07-01T22:30:00.000Z',
    }),
    buildParticipant({
      subscriberId: 13,
      userId: 23,
      nickname: 'waiting',
      firstName: null,
      surname: null,
      email: null,
      status: 'Pending',
      waitlistPosition: 2,
      amountDue: null,
      checkInCode: null,
    }),
  ];
  const csv = participantsCsv(people, dialect);

  it('heads its columns for people, naming the time zone of its times', () => {
    expect(participantCsvHeaders(dialect)).toEqual([
      'Subscriber ID',
      'User ID',
      'Nickname',
      'First name',
      'Surname',
      'E-mail',
      'E-mail verified',
      'Member',
      'Status',
      'Waitlist position',
      'Amount due (€)',
      'Paid (€)',
      'Outstanding (€)',
      'Present',
      'Seat',
      'Subscribed on (Europe/Amsterdam)',
      'Check-in code',
    ]);
    expect(rowsAsWritten(csv, dialect)[0]).toEqual(participantCsvHeaders(dialect));
    expect(
      csv.startsWith(`\uFEFF${participantCsvHeaders(dialect).join(dialect.delimiter)}\r\n`),
    ).toBe(true);
  });

  it('gives back every name, the three amounts, yes or no, and local times', () => {
    const rows = rowsAsWritten(csv, dialect);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1)).toEqual([
      [
        '11',
        '21',
        'semi;colon, comma',
        'Say "hi"',
        'Line one\nline two\r\nline three',
        'zoë@example.org',
        'no',
        'yes',
        'Accepted',
        '',
        decimal('27.50'),
        decimal('0.00'),
        decimal('27.50'),
        '',
        'A12',
        '2026-01-02 04:04:05',
        'AAAABBBBCCCC',
      ],
      [
        '12',
        '22',
        'paid',
        'Gina',
        'Mer',
        'gina@example.com',
        'yes',
        'no',
        'Paid',
        '',
        decimal('30.00'),
        decimal('30.00'),
        decimal('0.00'),
        'no',
        '',
        '2026-07-02 00:30:00',
        '7K3M9QX2T5VBN8RD4HWCJ6PZAE',
      ],
      [
        '13',
        '23',
        'waiting',
        '',
        '',
        '',
        'yes',
        'yes',
        'Pending',
        '2',
        '',
        '',
        '',
        '',
        '',
        '2026-01-05 11:00:00',
        '',
      ],
    ]);
  });

  it('writes amounts as numbers a spreadsheet of the dialect reads', () => {
    const rows = rowsAsWritten(csv, dialect);
    const headers = rows[0] ?? [];
    const money = ['Amount due (€)', 'Paid (€)', 'Outstanding (€)'].map((h) => headers.indexOf(h));
    const amounts = rows.slice(1).flatMap((row) => money.map((i) => row[i] ?? ''));
    const number = dialect.separator === 'semicolon' ? /^\d+,\d\d$/ : /^\d+\.\d\d$/;
    for (const amount of amounts.filter((cell) => cell !== '')) expect(amount).toMatch(number);
    const sum = amounts.reduce((total, cell) => total + Number(cell.replace(',', '.') || 0), 0);
    expect(sum).toBe(27.5 * 2 + 30 * 2);
    // Written bare: an amount is never quoted, whatever the delimiter.
    expect(csv).toContain(
      `${dialect.delimiter}${decimal('27.50')}${dialect.delimiter}${decimal('0.00')}${dialect.delimiter}`,
    );
  });
});

describe('formatCsvTime', () => {
  it('writes the community’s wall-clock time, summer time included', () => {
    expect(formatCsvTime('2026-01-02T03:04:05.000Z', 'Europe/Amsterdam')).toBe(
      '2026-01-02 04:04:05',
    );
    // The clocks go forward at 01:00 UTC on 29 March 2026.
    expect(formatCsvTime('2026-03-29T00:59:59.000Z', 'Europe/Amsterdam')).toBe(
      '2026-03-29 01:59:59',
    );
    expect(formatCsvTime('2026-03-29T01:00:00.000Z', 'Europe/Amsterdam')).toBe(
      '2026-03-29 03:00:00',
    );
    expect(formatCsvTime('2026-12-31T23:30:00.000Z', 'UTC')).toBe('2026-12-31 23:30:00');
  });
});
