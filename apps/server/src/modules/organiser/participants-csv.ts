import { type Participant, participantCsvColumns } from '@lanparty/contract';

/**
 * The participants of a lan as CSV for a spreadsheet (RFC 4180): a header row, CRLF line
 * ends, cells quoted when they hold a quote, comma or line break, and UTF-8 with a
 * byte-order mark so a spreadsheet reads accents right.
 *
 * No cell starts a formula, whether the spreadsheet splits on `,` (as written), `;` (Excel
 * in Dutch or German) or a tab, and whether it takes our quotes as quotes or not: names
 * come from users and from Steam, and csvCell puts an apostrophe before each formula start
 * that any of these readings could find at the start of a cell. Our own numbers (ids, the
 * waitlist position, the amount due) are written as numbers, untouched: `-5.00` stays a
 * number. The other cells of ours (booleans, the status, dates, check-in codes) go through
 * csvCell too, which leaves them as they are.
 */
export function participantsCsv(participants: readonly Participant[]): string {
  const lines = [
    participantCsvColumns.map(csvCell),
    ...participants.map((participant) =>
      participantCsvColumns.map((column) => {
        const value = participant[column];
        if (typeof value === 'number') {
          return column === 'amountDue' ? value.toFixed(2) : String(value);
        }
        return csvCell(value === null ? '' : String(value));
      }),
    ),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
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
 * One cell of text: made inert, then quoted when it needs to be (RFC 4180).
 *
 * A reader that splits on another character than we do (`;` or a tab rather than `,`)
 * finds cell boundaries inside our quoted cell, and may take quote characters away: the
 * surname `x;"=2+3;y`, written `"x;""=2+3;y"`, read on `;` has a cell `""=2+3`, which Excel
 * runs as `=2+3`. So an apostrophe goes before each formula start that follows the start of
 * the text or a `,` `;` tab CR or LF with only quotes and spaces between — right before
 * it, after those quotes and spaces, so that whatever a reader takes away, its cell then
 * starts with `'` (text), or with a quote or space that keeps it text. `x;"=2+3;y` becomes
 * `x;"'=2+3;y`, and nothing else changes: removing the apostrophes put in gives the name
 * back. A name without such a start (`O'Brien`, `Anne-Marie`, `Jean, Paul`) stays as it is.
 *
 * Cells holding `;` or a tab are not quoted for the sake of those readers: in this file
 * a `,` always comes before our opening quote, so a `;` or tab reader never takes it for
 * one. That safety comes from the apostrophes alone.
 */
export function csvCell(text: string): string {
  const inert = text.replace(formulaStartInACell, "'");
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** `participants-winter-lan-2026.csv`: the lan's name in plain letters and digits. */
export function participantsFileName(lan: { id: number; name: string }): string {
  const slug = lan.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `participants-${slug || `lan-${lan.id}`}.csv`;
}
