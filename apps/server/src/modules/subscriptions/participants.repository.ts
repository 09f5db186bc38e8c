import type { SubscriberStatus } from '@lanparty/contract';
import type { Executor } from '../../db/executor.ts';
import { subscriberTableOrder } from './lan-subscribers.repository.ts';

/** A subscription of a lan with what its organiser sees of the person. */
export type ParticipantRow = {
  id: number;
  lan_id: number;
  user_id: number;
  status: SubscriberStatus;
  present: boolean | number | null;
  amount_due_cents: number | null;
  check_in_code: string | null;
  short_code: string | null;
  checked_in_at: Date | string | null;
  /** The nickname of whoever checked them in, while known. */
  checked_in_by: string | null;
  checked_in_by_user_id: number | null;
  creation_date: Date | string;
  nickname: string;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  is_email_activated: boolean | number;
  is_member: boolean | number;
  /** The label of the seat they hold at the lan, if any (issue 34). */
  seat_label: string | null;
};

function selectParticipants(db: Executor) {
  return db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .leftJoin('users as checkers', 'checkers.id', 'subscribers.checked_in_by_user_id')
    .leftJoin('seats', (join) =>
      join
        .onRef('seats.lan_id', '=', 'subscribers.lan_id')
        .onRef('seats.occupant_user_id', '=', 'subscribers.user_id'),
    )
    .select([
      'seats.label as seat_label',
      'subscribers.id',
      'subscribers.lan_id',
      'subscribers.user_id',
      'subscribers.status',
      'subscribers.present',
      'subscribers.amount_due_cents',
      'subscribers.check_in_code',
      'subscribers.short_code',
      'subscribers.checked_in_at',
      'checkers.nickname as checked_in_by',
      'subscribers.checked_in_by_user_id',
      'subscribers.creation_date',
      'users.nickname',
      'users.first_name',
      'users.surname',
      'users.email',
      'users.is_email_activated',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'subscribers.user_id')
              .where('user_roles.role', '=', 'Member'),
          )
          .as('is_member'),
    ]);
}

/** Every subscription of a lan, in the order of the subscriber table. */
export async function listParticipantRows(db: Executor, lanId: number): Promise<ParticipantRow[]> {
  return selectParticipants(db)
    .where('subscribers.lan_id', '=', lanId)
    .orderBy(subscriberTableOrder)
    .execute();
}

export async function findParticipantById(
  db: Executor,
  id: number,
): Promise<ParticipantRow | undefined> {
  return selectParticipants(db).where('subscribers.id', '=', id).executeTakeFirst();
}

export async function findParticipantByCode(
  db: Executor,
  code: string,
): Promise<ParticipantRow | undefined> {
  return selectParticipants(db).where('subscribers.check_in_code', '=', code).executeTakeFirst();
}

/** The subscription of a lan whose ticket has this short code (unique within the lan). */
export async function findParticipantByShortCode(
  db: Executor,
  lanId: number,
  shortCode: string,
): Promise<ParticipantRow | undefined> {
  return selectParticipants(db)
    .where('subscribers.lan_id', '=', lanId)
    .where('subscribers.short_code', '=', shortCode)
    .executeTakeFirst();
}

/**
 * Marks a Paid subscriber present, checked in at `scannedAt` by `checkerId`; false when
 * they already were at that time or earlier (their first check-in stays as it was). A scan
 * earlier than the recorded one (`mayBeEarlier`: sent with the time a door that was offline
 * made it, issue 53) takes its place: the earliest scan is kept. A scan at the time it is
 * sent never does: of two at once, the one whose transaction came first checked it in. One
 * conditional update, so of two doors scanning one ticket at once exactly one checks it in.
 * A presence marked before times were recorded stays.
 */
export async function markPresent(
  db: Executor,
  id: number,
  checkerId: number,
  scan: { at: Date; mayBeEarlier: boolean },
  now: Date,
): Promise<boolean> {
  const at = scan.at.toISOString();
  const result = await db
    .updateTable('subscribers')
    .set({
      present: true,
      checked_in_at: at,
      checked_in_by_user_id: checkerId,
      modification_date: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'Paid')
    .where((eb) =>
      eb.or([
        eb('present', 'is', null),
        eb('present', '=', false),
        // Only a scan that says when it happened (an offline door's) may be the earlier one:
        // a live scan is stamped as its request came, before it waited for the other door's.
        ...(scan.mayBeEarlier ? [eb('checked_in_at', '>', at)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
