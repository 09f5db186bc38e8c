import type { Lan } from '@lanparty/contract';
import { hasTicket, isLanOpen } from '@lanparty/contract/rules';

/**
 * Whether the person `userId` holds a ticket for the lan by its subscriber list: their
 * subscription Accepted or Paid, the lan still open. Their code is theirs alone, read
 * apart (useOwnTicket); this says whether to read it.
 */
export function holdsTicket(lan: Lan, userId: number | undefined): boolean {
  const own = lan.subscribers.find((subscriber) => subscriber.user.id === userId);
  return own !== undefined && hasTicket(own.status) && isLanOpen(lan);
}
