import type { NoticeList, NoticesSeenInput } from '@lanparty/contract';
import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import { countUnseenNotices, listNoticeRows, markNoticesSeen } from './notices.repository.ts';

/** How many of a person's notices a read gives: the newest. */
const noticesShown = 50;

/** GET users/me/notices: the viewer's newest notices, and how many are not seen yet. */
export async function listOwnNotices(
  db: Executor,
  viewer: Viewer,
  timeZone: string,
): Promise<NoticeList> {
  const [rows, unseen] = await Promise.all([
    listNoticeRows(db, viewer.user.id, noticesShown),
    countUnseenNotices(db, viewer.user.id),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: row.text,
      link: row.link,
      createdAt: toZonedIsoTimestamp(row.creation_date, timeZone),
      seen: toBoolean(row.is_seen),
    })),
    unseen,
  };
}

/** PUT users/me/notices/seen: the viewer's notices up to `upTo` are seen (theirs alone). */
export async function markOwnNoticesSeen(
  db: Executor,
  viewer: Viewer,
  input: NoticesSeenInput,
): Promise<void> {
  await markNoticesSeen(db, viewer.user.id, input.upTo);
}
