import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { AnnouncementsTable } from '../../db/schema.ts';

export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** A lan's announcements: pinned first, then newest first. */
export async function listAnnouncements(db: Executor, lanId: number): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('is_pinned', 'desc')
    .orderBy('creation_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countAnnouncements(db: Executor, lanId: number): Promise<number> {
  const row = await db
    .selectFrom('announcements')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('lan_id', '=', lanId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAnnouncement(
  db: Executor,
  fields: {
    lanId: number;
    text: string;
    pinned: boolean;
    toChat: boolean;
    authorUserId: number;
  },
  now: string,
): Promise<AnnouncementRow> {
  return db
    .insertInto('announcements')
    .values({
      lan_id: fields.lanId,
      text: fields.text,
      is_pinned: fields.pinned,
      to_chat: fields.toChat,
      author_user_id: fields.authorUserId,
      creation_date: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** False when the lan has no such announcement (any more). */
export async function deleteAnnouncement(
  db: Executor,
  lanId: number,
  announcementId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('announcements')
    .where('id', '=', announcementId)
    .where('lan_id', '=', lanId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
