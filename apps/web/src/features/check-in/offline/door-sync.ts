import type { CheckInResult } from '@lanparty/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { checkInTicket } from '../api/check-in-ticket.ts';
import { dropScan, type QueuedScan, queuedScans } from './door-store.ts';

/** What sending one queued scan came to, for the door to see after the sync. */
export type SyncedScan =
  | { kind: 'in'; scan: QueuedScan; result: CheckInResult }
  | { kind: 'refused'; scan: QueuedScan; message: string };

/**
 * Sends the lan's queued scans in the order they were made, each with the time it was
 * made (`scannedAt`), and drops each once the site has decided it: checked in (perhaps
 * already, by an earlier scan elsewhere, which it names), or refused (a 4xx, shown to the
 * door). Stops at the first scan the site does not answer, to go on next time: a scan is
 * sent again only when no answer came, and the site keeps the same scan once (issue 53).
 */
export async function syncQueuedScans(lanId: number): Promise<{
  synced: SyncedScan[];
  isComplete: boolean;
}> {
  const synced: SyncedScan[] = [];
  for (const scan of await queuedScans(lanId)) {
    try {
      const result = await checkInTicket({
        lanId,
        code: scan.code,
        scannedAt: scan.scannedAt,
        ...(scan.paid ? { paid: true } : {}),
      });
      synced.push({ kind: 'in', scan, result });
    } catch (error) {
      if (!isDecided(error)) return { synced, isComplete: false };
      synced.push({ kind: 'refused', scan, message: describeError(error) });
    }
    if (scan.id !== undefined) await dropScan(scan.id);
  }
  return { synced, isComplete: true };
}

/**
 * Whether the site decided a scan: a refusal of the ticket (4xx). No answer, the server's
 * trouble, too many requests, or a session to renew first (401) decide nothing: the scan
 * stays queued.
 */
function isDecided(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status < 500 && ![401, 408, 429].includes(error.status);
}
