import { type Participant, participantCsvColumns } from '@lanparty/contract';

/**
 * The participants of a lan as CSV for a spreadsheet (RFC 4180): a header row, CRLF line
 * ends, cells quoted when they hold a quote, comma or line break, and UTF-8 with a
 * byte-order mark so a spreadsheet reads accents right. Names come from users and from
 * Steam: a cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab
 * or a carriage return) is made text with a leading apostrophe (OWASP's advice); so is
 * such a start after a `;`, a comma or a line break inside a cell.
 */
export function participantsCsv(participants: readonly Participant[]): string {
  const lines = [
    participantCsvColumns.map(csvCell),
    ...participants.map((participant) =>
      participantCsvColumns.map((column) =>
        csvCell(
          column === 'amountDue' && participant.amountDue !== null
            ? participant.amountDue.toFixed(2)
            : cellText(participant[column]),
        ),
      ),
    ),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

function cellText(value: Participant[keyof Participant]): string {
  return value === null ? '' : String(value);
}

/**
 * One cell: made inert, then quoted when it needs to be. A spreadsheet set to split on
 * `;` (Excel in Dutch or German) or a line break inside a name starts a new cell there,
 * so a trigger after a separator or a line break is made text too.
 */
export function csvCell(text: string): string {
  const inert = text.replace(/(^|[;,\t\r\n])(?=[=+\-@\t\r])/g, "$1'");
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
