import type { Participant } from '@lanparty/contract';
import { type Column, type CsvOptions, csvFileName, csvHeaders, writeCsv } from '../../lib/csv.ts';

/**
 * The columns, headed for a person reading the spreadsheet (issue 32). Money is in euros
 * with two decimals: what the place costs, what was paid and what is still to pay.
 */
const columns: readonly Column<Participant>[] = [
  { header: 'Subscriber ID', cell: (p) => ({ number: p.subscriberId }) },
  { header: 'User ID', cell: (p) => ({ number: p.userId }) },
  { header: 'Nickname', cell: (p) => ({ text: p.nickname }) },
  { header: 'First name', cell: (p) => ({ text: p.firstName }) },
  { header: 'Surname', cell: (p) => ({ text: p.surname }) },
  { header: 'E-mail', cell: (p) => ({ text: p.email }) },
  { header: 'E-mail verified', cell: (p) => ({ yes: p.emailVerified }) },
  { header: 'Member', cell: (p) => ({ yes: p.isMember }) },
  { header: 'Status', cell: (p) => ({ text: p.status }) },
  { header: 'Waitlist position', cell: (p) => ({ number: p.waitlistPosition }) },
  { header: 'Amount due (€)', cell: (p) => ({ money: p.amountDue }) },
  { header: 'Paid (€)', cell: (p) => ({ money: p.amountPaid }) },
  { header: 'Outstanding (€)', cell: (p) => ({ money: p.amountOutstanding }) },
  { header: 'Present', cell: (p) => ({ yes: p.present }) },
  { header: 'Seat', cell: (p) => ({ text: p.seat }) },
  {
    header: ({ timeZone }) => `Subscribed on (${timeZone})`,
    cell: (p) => ({ time: p.subscribedOn }),
  },
  { header: 'Check-in code', cell: (p) => ({ text: p.checkInCode }) },
];

/** The header row of the CSV, as a spreadsheet shows it. */
export function participantCsvHeaders(options: CsvOptions): string[] {
  return csvHeaders(columns, options);
}

/**
 * The participants of a lan as CSV for a spreadsheet (lib/csv.ts): our own numbers (ids, the
 * waitlist position, the amounts) as numbers, names and the rest as inert text.
 */
export function participantsCsv(participants: readonly Participant[], options: CsvOptions): string {
  return writeCsv(columns, participants, options);
}

/** `participants-winter-lan-2026.csv`: the lan's name in plain letters and digits. */
export function participantsFileName(lan: { id: number; name: string }): string {
  return csvFileName('participants', lan.name, `lan-${lan.id}`);
}
