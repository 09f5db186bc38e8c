import { createHash } from 'node:crypto';
import type { DoorList } from '@lanparty/contract';
import { normalizeCheckInCode } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import { listParticipantRows } from './participants.repository.ts';
import { findManagedLan, readParticipants } from './participants.ts';

/** SHA-256, hex, of a code in its normalised form: how a door list carries codes. */
export function hashCheckInCode(code: string): string {
  return createHash('sha256').update(normalizeCheckInCode(code)).digest('hex');
}

/**
 * GET lans/{id}/door-list (issue 53): every ticket of the lan — a subscription with a code,
 * whatever its status, so an offline door can say "denied" rather than "unknown" — with
 * what the door answers from: status, what is left to pay, seat, check-in. The codes only
 * as hashes: a lost door phone leaks no ticket. For lan administrators.
 */
export async function readDoorList(
  db: Executor,
  viewer: Viewer,
  lanId: number,
  timeZone: string,
  now: Date,
): Promise<DoorList> {
  const lan = await findManagedLan(db, viewer, lanId);
  const rows = (await listParticipantRows(db, lan.id)).filter((row) => row.check_in_code !== null);
  const participants = await readParticipants(db, lan, rows, timeZone);
  return {
    asOf: toZonedIsoTimestamp(now, timeZone),
    tickets: rows.map((row, index) => {
      const participant = participants[index];
      if (!participant || !row.check_in_code) throw new Error('A door ticket went missing');
      return {
        subscriberId: row.id,
        nickname: row.nickname,
        status: row.status,
        amountDue: participant.amountOutstanding,
        seat: participant.seat,
        checkedInAt: participant.present ? participant.checkedInAt : null,
        codeHash: hashCheckInCode(row.check_in_code),
        shortCodeHash: row.short_code === null ? null : hashCheckInCode(row.short_code),
      };
    }),
  };
}
