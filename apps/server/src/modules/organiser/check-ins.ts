import type { CheckInInput, CheckInResult } from '@lanparty/contract';
import { normalizeCheckInCode } from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import type { Viewer } from '../auth/viewer.ts';
import { changeSubscriberStatus, type PlacesDeps } from '../lan-subscribers/places.ts';
import { tellStatusChange } from '../lan-subscribers/status-mails.ts';
import { findLanById, findLanForUpdate } from '../lans/lans.repository.ts';
import {
  findParticipantByCode,
  findParticipantById,
  markPresent,
  type ParticipantRow,
} from './organiser.repository.ts';
import { findManagedLan, presentParticipants } from './participants.ts';

export type CheckInDeps = PlacesDeps & { db: AppDatabase };

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * POST lans/{id}/check-ins: a Paid participant's ticket marks them present (again: 200 with
 * alreadyPresent, never twice). An Accepted one who has not paid is a 409 that says what is
 * due, unless `paid` says the door took the money (or nothing is due): then Paid and
 * present in one step.
 * Pending, Denied, another lan's or an unknown ticket is refused with a clear message.
 */
export async function checkIn(
  deps: CheckInDeps,
  viewer: Viewer,
  lanId: number,
  input: CheckInInput,
): Promise<CheckInResult> {
  await findManagedLan(deps.db, viewer, lanId);
  const code = normalizeCheckInCode(input.code);
  const now = new Date();
  const { id, alreadyPresent } = await deps.db.transaction().execute(async (trx) => {
    const lan = await findLanForUpdate(trx, lanId);
    const found = await findParticipantByCode(trx, code);
    if (!lan) throw new ProblemError(404, `There is no lan ${lanId}.`);
    if (!found)
      throw new ProblemError(
        404,
        'No ticket has this code. Check the code, or find the lanner by name.',
      );
    if (found.lan_id !== lan.id) {
      const other = await findLanById(trx, found.lan_id);
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
        throw new ProblemError(409, `${found.nickname} has not paid yet: ${euros(due)} due.`, {
          extensions: { subscriberId: found.id, nickname: found.nickname, amountDue: due / 100 },
        });
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
    return { id: found.id, alreadyPresent: !(await markPresent(trx, found.id, now)) };
  });
  const lan = await findLanById(deps.db, lanId);
  const row = await findParticipantById(deps.db, id);
  if (!lan || !row) throw new ProblemError(404, 'The ticket was withdrawn meanwhile.');
  const [subscriber] = await presentParticipants(deps.db, lan, [row]);
  if (!subscriber) throw new Error('A presented participant went missing');
  return { subscriber, alreadyPresent };
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
