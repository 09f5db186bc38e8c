import {
  type CsvSeparator,
  centsFromEuros,
  formatEuros,
  spreadsheetMoney,
} from '@lanparty/contract/rules';
import { wallClockOf } from './zoned-time.ts';

/**
 * Spreadsheet files (decision 036): CSV in two dialects, formula-safe, times on the
 * community's clocks. The participants of a lan and a food round's orders are written with it.
 */

/** How a CSV is written: its dialect, and the community's time zone for its times. */
export type CsvOptions = { separator: CsvSeparator; timeZone: string };

const delimiters: Record<CsvSeparator, ',' | ';'> = { comma: ',', semicolon: ';' };

/** A cell before it is written: text from people, a number of ours, money, yes/no, a time. */
export type Cell =
  | { text: string | null }
  | { number: number | null }
  | { money: number | null }
  | { yes: boolean | null }
  | { time: string };

/** A column: its header (maybe naming the time zone), and its cell of a row. */
export type Column<Row> = {
  header: string | ((options: CsvOptions) => string);
  cell: (row: Row) => Cell;
};

/** The header row, as a spreadsheet shows it. */
export function csvHeaders<Row>(columns: readonly Column<Row>[], options: CsvOptions): string[] {
  return columns.map(({ header }) => (typeof header === 'string' ? header : header(options)));
}

/**
 * Rows as CSV for a spreadsheet: a header row, CRLF line ends, cells quoted when they hold a
 * quote, the delimiter or a line break (RFC 4180, with `;` in the place of `,` in the
 * semicolon dialect), and UTF-8 with a byte-order mark so a spreadsheet reads accents right.
 * Times are wall-clock times of the community's time zone (`2026-01-02 04:04:05`, which
 * spreadsheets read as a date and time), booleans `yes` or `no` (empty when not known),
 * amounts with a decimal point, or a decimal comma in the semicolon dialect (a Dutch
 * spreadsheet reads `27,50` as a number).
 *
 * No cell starts a formula, whether the spreadsheet splits on `,`, `;` or a tab, and
 * whether it takes our quotes as quotes or not: names come from users and from Steam, and
 * csvCell puts an apostrophe before each formula start that any of these readings could
 * find at the start of a cell. Our own numbers are written as numbers, untouched: `-5.00`
 * stays a number, and so do yes and no. The other cells of ours go through csvCell too,
 * which leaves them as they are.
 */
export function writeCsv<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  options: CsvOptions,
): string {
  const delimiter = delimiters[options.separator];
  const lines = [
    csvHeaders(columns, options).map((text) => csvCell(text, delimiter)),
    ...rows.map((row) => columns.map((column) => writeCell(column.cell(row), options, delimiter))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(delimiter)).join('\r\n')}\r\n`;
}

function writeCell(cell: Cell, options: CsvOptions, delimiter: ',' | ';'): string {
  if ('number' in cell) return cell.number === null ? '' : String(cell.number);
  if ('money' in cell) {
    if (cell.money === null) return '';
    return formatEuros(
      centsFromEuros(cell.money),
      spreadsheetMoney[options.separator === 'semicolon' ? ',' : '.'],
    );
  }
  if ('yes' in cell) return cell.yes === null ? '' : cell.yes ? 'yes' : 'no';
  if ('time' in cell) return csvCell(formatCsvTime(cell.time, options.timeZone), delimiter);
  return csvCell(cell.text ?? '', delimiter);
}

/** `2026-01-02 04:04:05`: the instant on the community's clocks, as spreadsheets read it. */
export function formatCsvTime(instant: string, timeZone: string): string {
  const wall = wallClockOf(new Date(instant), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${wall.year}-${two(wall.month)}-${two(wall.day)} ` +
    `${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`
  );
}

/**
 * What a spreadsheet may run as a formula when a cell starts with it: OWASP's `=` `+` `-`
 * `@` tab and carriage return, and their full-width forms `＝` `＋` `－` `＠`. Excel in
 * East Asian locales is reported to take some of these as formula starts; we could not
 * establish when (typed, or also on opening a CSV), so they count: a name that starts with
 * one is rare, an apostrophe before it costs little, and a formula run by mistake costs
 * much more.
 */
const formulaStart = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';

/**
 * What a reader may take away before the first character of a cell: quotes (`""` read as
 * an empty quoted piece, or a quote opening a quoted one), and spaces a trimming reader
 * drops (any white space but tab, CR and LF, which are separators, and formula starts of
 * their own).
 */
const removable =
  '["\\f\\v \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]';

/**
 * Where some reading may start a cell inside a name: at its start, or after `,` `;` tab
 * CR LF (the three delimiters and line breaks) — then past quotes and spaces it may take
 * away, right before a formula start. Not before a tab right after a tab, nor a CR right
 * after a CR: where the first one ends a cell, the second ends the next one, empty, and
 * where it does not, no cell starts after it.
 */
const formulaStartInACell = new RegExp(
  `(?<=(?:^|[,;\\t\\r\\n])${removable}*)(?!(?<=\\t)\\t|(?<=\\r)\\r)(?=${formulaStart})`,
  'g',
);

/**
 * One cell of text: made inert, then quoted when it needs to be (RFC 4180, with the
 * delimiter we write, `,` or `;`).
 *
 * A reader that splits on another character than we do (`;` or a tab rather than `,`, or
 * `,` rather than `;`) finds cell boundaries inside our quoted cell, and may take quote
 * characters away: the surname `x;"=2+3;y`, written `"x;""=2+3;y"`, read on `;` has a cell
 * `""=2+3`, which Excel runs as `=2+3`. So an apostrophe goes before each formula start that follows the start of
 * the text or a `,` `;` tab CR or LF with only quotes and spaces between — right before
 * it, after those quotes and spaces, so that whatever a reader takes away, its cell then
 * starts with `'` (text), or with a quote or space that keeps it text. `x;"=2+3;y` becomes
 * `x;"'=2+3;y`, and nothing else changes: removing the apostrophes put in gives the name
 * back. A name without such a start (`O'Brien`, `Anne-Marie`, `Jean, Paul`) stays as it is.
 *
 * Cells holding another reader's delimiter (a tab, and `;` in a file split on `,` or `,`
 * in one split on `;`) are not quoted for the sake of those readers: our delimiter always
 * comes before our opening quote, so another reader never takes it for one. That safety
 * comes from the apostrophes alone.
 */
export function csvCell(text: string, delimiter: ',' | ';' = ','): string {
  const inert = text.replace(formulaStartInACell, "'");
  const needsQuotes = /["\r\n]/.test(inert) || inert.includes(delimiter);
  return needsQuotes ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** `participants-winter-lan-2026.csv`: a name in plain letters and digits after `prefix`. */
export function csvFileName(prefix: string, name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${prefix}-${slug || fallback}.csv`;
}
