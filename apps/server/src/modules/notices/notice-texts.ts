import type { SubscriberStatus } from '@lanparty/contract';
import { describeBadge } from '@lanparty/contract/rules';
import type { NewNotice } from './notices.repository.ts';

/*
 * The words of the notices the site writes (issue 53 §4), each with where to go from it.
 */

const lanLink = (lanId: number) => `/lans/${lanId}`;

/**
 * The notice of a change of a person's status at a lan, or null for one that tells
 * nothing new (to Pending, or Paid with nothing owed: no more than Accepted).
 */
export function statusNotice(
  userId: number,
  lan: { id: number; name: string },
  change: { was: SubscriberStatus; status: SubscriberStatus; amountDueCents: number },
): NewNotice | null {
  const text = statusText(lan.name, change);
  return text ? { userId, kind: 'status', text, link: lanLink(lan.id) } : null;
}

function statusText(
  lanName: string,
  {
    was,
    status,
    amountDueCents,
  }: { was: SubscriberStatus; status: SubscriberStatus; amountDueCents: number },
): string | null {
  if (status === 'Accepted' && was !== 'Paid') return `You have a place at ${lanName}.`;
  if (status === 'Paid' && amountDueCents > 0)
    return `Your payment for ${lanName} is in: you have paid.`;
  if (status === 'Paid' && was !== 'Accepted') return `You have a place at ${lanName}.`;
  if (status === 'Denied') return `You have no place at ${lanName}: the organisers denied it.`;
  return null;
}

/** The notice of moving up from a lan's waiting list to a place. */
export const movedUpNotice = (userId: number, lan: { id: number; name: string }): NewNotice => ({
  userId,
  kind: 'status',
  text: `You moved up from the waiting list: you have a place at ${lan.name}.`,
  link: lanLink(lan.id),
});

/** The longest part of an announcement a notice quotes. */
const quotedLength = 200;

/** The notice of an announcement, for everyone holding a place at its lan. */
export function announcementNotice(
  lan: { id: number; name: string },
  text: string,
): Omit<NewNotice, 'userId'> {
  const quoted = text.length > quotedLength ? `${text.slice(0, quotedLength - 1)}…` : text;
  return { kind: 'announcement', text: `${lan.name}: ${quoted}`, link: lanLink(lan.id) };
}

/** The notice of a badge earned. */
export const badgeNotice = (userId: number, key: string): NewNotice => ({
  userId,
  kind: 'badge',
  text: `You earned the badge “${describeBadge(key)?.name ?? key}”.`,
  link: '/profile#badges',
});
