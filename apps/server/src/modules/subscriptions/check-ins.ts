import type { CheckInInput, CheckInResult } from '@lanparty/contract';
import {
  eurosFromCents,
  formatEuros,
  isShortCheckInCode,
  normalizeCheckInCode,
  textMoney,
} from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  attemptLimits,
  describeWait,
  refundAttempt,
  tryAttempt,
} from '../limits/attempt-limits.ts';
import {
  findParticipantByCode,
  findParticipantById,
  findParticipantByShortCode,
  markPresent,
  type ParticipantRow,
} from './participants.repository.ts';
import { findManagedLan, readParticipants } from './participants.ts';
import { findPlaceLan, lockPlaceLan } from './place-lans.repository.ts';
import { changeSubscriberStatus, type PlacesDeps } from './places.ts';
import { tellStatusChange } from './status-mails.ts';

export type CheckInDeps = PlacesDeps & { db: AppDatabase; clock?: () => Date };

/**
 * POST lans/{id}/check-ins: a Paid participant's ticket marks them present, recording when
 * and by whom (again: 200 with alreadyPresent and the first check-in's time and checker,
 * never twice). An Accepted one who has not paid is a 409 that says what is due, unless
 * `paid` says the door took the money (or nothing is due): then Paid and present in one step.
 * Pending, Denied, another lan's or an unknown ticket is refused with a clear message.
 * The code is the ticket's long one (or its scanned address) or its short one, whose
 * misses are limited per administrator (decision 035). The lan is read once, first (403
 * and 404 before a short code counts), and locked in the transaction without reading it again.
 */
export async function checkIn(
  deps: CheckInDeps,
  viewer: Viewer,
  lanId: number,
  input: CheckInInput,
): Promise<CheckInResult> {
  // One reading of the clock for the whole check-in: a short code's try and its refund
  // land in the same window of the limit, even across the window's end.
  const now = deps.clock?.() ?? new Date();
  const lan = await findManagedLan(deps.db, viewer, lanId);
  const scannedAt = scanTimeOf(input.scannedAt, now);
  const typed = normalizeCheckInCode(input.code);
  const code = isShortCheckInCode(typed)
    ? await longCodeOfShortCode(deps.db, viewer, lan.id, typed, now)
    : typed;
  const { id, alreadyPresent, laterScan } = await deps.db.transaction().execute(async (trx) => {
    const isLanThere = await lockPlaceLan(trx, lan.id);
    const found = await findParticipantByCode(trx, code);
    if (!isLanThere) throw new ProblemError(404, `There is no lan ${lanId}.`);
    if (!found)
      throw new ProblemError(
        404,
        'No ticket has this code. Check the code, or find the lanner by name.',
      );
    if (found.lan_id !== lan.id) {
      const other = await findPlaceLan(trx, found.lan_id);
      throw new ProblemError(
        409,
        `This ticket of ${found.nickname} is for another lan${other ? `: ${other.name}` : ''}.`,
      );
    }
    refuseWithoutPlace(found);
    if (found.status === 'Accepted') {
      const due = found.amount_due_cents ?? 0;
      // Nothing to take at a free lan: in, as paid.
      if (!input.paid && due > 0) {
        throw new ProblemError(
          409,
          `${found.nickname} has not paid yet: ${formatEuros(due, textMoney)} due.`,
          {
            extensions: {
              subscriberId: found.id,
              nickname: found.nickname,
              amountDue: eurosFromCents(due),
            },
          },
        );
      }
      await changeSubscriberStatus(trx, deps, lan, found, 'Paid', now);
      // Paid at the door is a status change like any other: the lanner gets a receipt.
      await tellStatusChange(
        trx,
        deps,
        lan,
        { subscriberId: found.id, was: 'Accepted', status: 'Paid' },
        now,
      );
    }
    // The same scan synced again (a retry of an offline door): what it did stands.
    if (input.scannedAt !== undefined && isSameScan(found, viewer.user.id, scannedAt))
      return { id: found.id, alreadyPresent: false };
    const isCheckedIn = await markPresent(
      trx,
      found.id,
      viewer.user.id,
      { at: scannedAt, mayBeEarlier: input.scannedAt !== undefined },
      now,
    );
    const wasLater = isCheckedIn && isPresent(found) && found.checked_in_at !== null;
    return {
      id: found.id,
      alreadyPresent: !isCheckedIn,
      laterScan: wasLater ? { at: found.checked_in_at, by: found.checked_in_by } : undefined,
    };
  });
  const row = await findParticipantById(deps.db, id);
  if (!row) throw new ProblemError(404, 'The ticket was withdrawn meanwhile.');
  const [subscriber] = await readParticipants(deps.db, lan, [row], deps.communityTimeZone);
  if (!subscriber) throw new Error('A presented participant went missing');
  if (!laterScan?.at) return { subscriber, alreadyPresent };
  return {
    subscriber,
    alreadyPresent,
    laterScan: {
      checkedInAt: toZonedIsoTimestamp(laterScan.at, deps.communityTimeZone),
      checkedInBy: laterScan.by,
    },
  };
}

/** How far ahead of the server's clock a door's clock may be, and how old a scan may be. */
const scanClockSkewMs = 2 * 60_000;
const scanMaximumAgeMs = 24 * 3_600_000;

/** The time of a scan sent with scannedAt (an offline door's), checked; else now. */
function scanTimeOf(scannedAt: string | undefined, now: Date): Date {
  if (scannedAt === undefined) return now;
  const at = new Date(scannedAt);
  const refuse = (message: string) =>
    new ProblemError(400, 'One or more fields are invalid.', { errors: { scannedAt: [message] } });
  if (at.getTime() > now.getTime() + scanClockSkewMs)
    throw refuse('Must not be in the future (the door’s clock may be at most 2 minutes ahead)');
  if (at.getTime() < now.getTime() - scanMaximumAgeMs)
    throw refuse('Must be at most 24 hours old: check this ticket in again');
  return at;
}

/** Whether the ticket's recorded check-in is this very scan: by this checker, at this time. */
function isSameScan(found: ParticipantRow, checkerId: number, scannedAt: Date): boolean {
  return (
    isPresent(found) &&
    found.checked_in_by_user_id === checkerId &&
    found.checked_in_at !== null &&
    new Date(found.checked_in_at).getTime() === scannedAt.getTime()
  );
}

/**
 * The long code of the lan's ticket with this short code. Each try counts against the
 * administrator's allowance of misses, and one that finds a ticket is taken back off it:
 * only guessing runs into the 429. An unknown short code is a 404 and stays counted.
 */
async function longCodeOfShortCode(
  db: AppDatabase,
  viewer: Viewer,
  lanId: number,
  shortCode: string,
  now: Date,
): Promise<string> {
  const limit = attemptLimits.shortCodeMissesPerUser;
  const subject = String(viewer.user.id);
  const verdict = await tryAttempt(db, [[limit, subject]], now.getTime());
  if (!verdict.isAllowed) {
    throw new ProblemError(
      429,
      `Too many short codes that found no ticket. Please try again in ${describeWait(
        verdict.retryAfterSeconds,
      )}, or scan the ticket’s QR code or type its long code meanwhile.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  const found = await findParticipantByShortCode(db, lanId, shortCode);
  if (!found?.check_in_code)
    throw new ProblemError(
      404,
      'No ticket of this lan has this short code. Check the code, or find the lanner by name.',
    );
  await refundAttempt(db, limit, subject, now.getTime());
  return found.check_in_code;
}

function isPresent(participant: ParticipantRow): boolean {
  return (
    participant.status === 'Paid' && participant.present !== null && toBoolean(participant.present)
  );
}

function refuseWithoutPlace(participant: ParticipantRow): void {
  if (participant.status === 'Pending')
    throw new ProblemError(
      409,
      `${participant.nickname} has no place: their subscription is still pending.`,
    );
  if (participant.status === 'Denied')
    throw new ProblemError(409, `${participant.nickname} was denied a place at this lan.`);
}
