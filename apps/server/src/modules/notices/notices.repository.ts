import type { NoticeKind, SubscriberStatus } from '@lanparty/contract';
import type { Executor } from '../../db/executor.ts';
import { enqueueNoticePushes } from './push-subscriptions.repository.ts';

/** A notice as it is stored. */
export type NoticeRow = {
  id: number;
  kind: NoticeKind;
  text: string;
  link: string | null;
  is_seen: boolean | number;
  creation_date: Date | string;
};

export type NewNotice = { userId: number; kind: NoticeKind; text: string; link: string | null };

/**
 * Writes notices, each to its person (its `notice` event raised by the database), and
 * queues their pushes to the browsers those people are notified on.
 */
export async function insertNotices(
  db: Executor,
  notices: readonly NewNotice[],
  now: Date,
): Promise<void> {
  if (notices.length === 0) return;
  const inserted = await db
    .insertInto('notices')
    .values(
      notices.map((notice) => ({
        user_id: notice.userId,
        kind: notice.kind,
        text: notice.text,
        link: notice.link,
        creation_date: now.toISOString(),
      })),
    )
    .returning('id')
    .execute();
  await enqueueNoticePushes(
    db,
    inserted.map((row) => row.id),
    now,
  );
}

/** One notice to each person holding a place at the lan (of `statuses`), and its pushes. */
export async function insertNoticesForLanPlaces(
  db: Executor,
  lanId: number,
  statuses: readonly SubscriberStatus[],
  notice: Omit<NewNotice, 'userId'>,
  now: Date,
): Promise<void> {
  const inserted = await db
    .insertInto('notices')
    .columns(['user_id', 'kind', 'text', 'link', 'creation_date'])
    .expression((eb) =>
      eb
        .selectFrom('subscribers')
        .select((inner) => [
          'subscribers.user_id',
          inner.val(notice.kind).as('kind'),
          inner.val(notice.text).as('text'),
          inner.val(notice.link).as('link'),
          inner.val(now.toISOString()).as('creation_date'),
        ])
        .where('subscribers.lan_id', '=', lanId)
        .where('subscribers.status', 'in', [...statuses]),
    )
    .returning('id')
    .execute();
  await enqueueNoticePushes(
    db,
    inserted.map((row) => row.id),
    now,
  );
}

/** A person's newest notices, newest first. */
export async function listNoticeRows(
  db: Executor,
  userId: number,
  limit: number,
): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .select(['id', 'kind', 'text', 'link', 'is_seen', 'creation_date'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnseenNotices(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number | string>().as('unseen'))
    .where('user_id', '=', userId)
    .where('is_seen', '=', false)
    .executeTakeFirst();
  return Number(row?.unseen ?? 0);
}

/** Marks a person's notices up to `upTo` seen; the others' stay as they are. */
export async function markNoticesSeen(db: Executor, userId: number, upTo: number): Promise<void> {
  await db
    .updateTable('notices')
    .set({ is_seen: true })
    .where('user_id', '=', userId)
    .where('id', '<=', upTo)
    .where('is_seen', '=', false)
    .execute();
}
