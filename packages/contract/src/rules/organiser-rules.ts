import type { SubscriberStatus } from '../schemas/subscribers.ts';

/*
 * The organiser's rules (the participants CSV, messages to a lan's participants), apart
 * from subscriber-rules.ts: only the admin screens use them, so the first screen, which
 * imports the subscriber rules, does not carry them.
 */

/**
 * The participants CSV's dialects: `comma` splits cells on `,` and writes amounts with a
 * decimal point; `semicolon` splits on `;` with a decimal comma (a Dutch spreadsheet).
 */
export const csvSeparators = ['comma', 'semicolon'] as const;

export type CsvSeparator = (typeof csvSeparators)[number];

/** The longest message to a lan's participants, in characters. */
export const lanMessageBodyMaximum = 5000;

type MessageCandidate = { status: SubscriberStatus; emailVerified: boolean };

/**
 * Who a message to a lan's subscribers of these statuses reaches: those with a verified
 * e-mail address; the others are unreachable (an unverified address may not be theirs).
 */
export function splitMessageRecipients<Candidate extends MessageCandidate>(
  participants: readonly Candidate[],
  statuses: readonly SubscriberStatus[],
): { reachable: Candidate[]; unreachable: Candidate[] } {
  const chosen = participants.filter(({ status }) => statuses.includes(status));
  return {
    reachable: chosen.filter(({ emailVerified }) => emailVerified),
    unreachable: chosen.filter(({ emailVerified }) => !emailVerified),
  };
}
