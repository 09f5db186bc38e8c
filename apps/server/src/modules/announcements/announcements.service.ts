import { type Announcement, type AnnouncementInput, announcementSchema } from '@lanparty/contract';
import { announcementLimits, isLanOpen } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { type JsonBytes, toJson } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { announcementChatMessage } from '../chat/chat-messages.ts';
import { type KeptLanReads, readKeptOfLan } from '../lans/kept-lan-reads.ts';
import { refuseLanCapReached } from '../lans/lan-caps.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import {
  type AnnouncementRow,
  countAnnouncements,
  deleteAnnouncement,
  insertAnnouncement,
  listAnnouncements,
} from './announcements.repository.ts';

export type AnnouncementsDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  /** Whether the community's chat is connected (CHAT_WEBHOOK_URL). */
  isChatOn: boolean;
  publicUrl: URL;
  /** The lists read, kept while the lan and its news are unchanged. */
  answers: KeptLanReads;
  clock?: () => Date;
};

function presentAnnouncement(row: AnnouncementRow, timeZone: string): Announcement {
  return {
    id: row.id,
    lanId: row.lan_id,
    text: row.text,
    pinned: toBoolean(row.is_pinned),
    toChat: toBoolean(row.to_chat),
    creationDate: toZonedIsoTimestamp(row.creation_date, timeZone),
  };
}

const announcementListSchema = announcementSchema.array();

/**
 * GET /api/lans/{id}/announcements: anyone who may see the lan; pinned first, then newest.
 * Kept while nothing changed: every open page and screen asks at once when one is posted.
 */
export async function readLanAnnouncements(
  deps: AnnouncementsDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  scope?: object,
): Promise<JsonBytes> {
  return readKeptOfLan(
    deps,
    { name: 'announcements', lanId, groups: ['news'], ...(scope ? { scope } : {}) },
    async () => {
      const rows = await listAnnouncements(deps.db, lanId);
      return toJson(
        announcementListSchema,
        rows.map((row) => presentAnnouncement(row, deps.communityTimeZone)),
      );
    },
    viewer,
  );
}

/**
 * POST /api/lans/{id}/announcements (lan administrators): until the lan ends; to the chat
 * too when asked and the chat is connected (409 otherwise, nothing posted).
 */
export async function postAnnouncement(
  deps: AnnouncementsDeps,
  viewer: Viewer | null,
  lanId: number,
  input: AnnouncementInput,
): Promise<Announcement> {
  authorize(viewer, 'lans.manage');
  const lan = await findVisibleLan(deps.db, viewer, lanId);
  const now = deps.clock?.() ?? new Date();
  if (!isLanOpen({ endDate: toIsoTimestamp(lan.end_date) }, now))
    throw new ProblemError(
      409,
      `${lan.name} is over: announcements are for a lan still to come or under way.`,
    );
  if (input.toChat && !deps.isChatOn)
    throw new ProblemError(
      409,
      'The community’s chat is not connected on this site, so the announcement cannot go there. ' +
        'Post it without the chat.',
    );
  const stamp = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await refuseLanCapReached(trx, lanId, {
      most: announcementLimits.perLan,
      count: countAnnouncements,
      refusal: `A lan holds at most ${announcementLimits.perLan} announcements; delete some first.`,
    });
    const made = await insertAnnouncement(
      trx,
      {
        lanId,
        text: input.text,
        pinned: input.pinned,
        toChat: input.toChat,
        authorUserId: viewer.user.id,
      },
      stamp,
    );
    if (input.toChat)
      await enqueueMessage(
        trx,
        {
          channel: 'chat',
          dedupeKey: `announcement:${made.id}:chat`,
          payload: announcementChatMessage({
            lan: { id: lan.id, name: lan.name },
            text: made.text,
            publicUrl: deps.publicUrl,
          }),
        },
        now,
      );
    return made;
  });
  return presentAnnouncement(row, deps.communityTimeZone);
}

/** DELETE /api/lans/{id}/announcements/{announcementId} (lan administrators): gone everywhere. */
export async function removeAnnouncement(
  deps: AnnouncementsDeps,
  viewer: Viewer | null,
  lanId: number,
  announcementId: number,
): Promise<void> {
  authorize(viewer, 'lans.manage');
  await findVisibleLan(deps.db, viewer, lanId);
  if (!(await deleteAnnouncement(deps.db, lanId, announcementId)))
    throw new ProblemError(404, `Lan ${lanId} has no announcement ${announcementId}.`);
}
