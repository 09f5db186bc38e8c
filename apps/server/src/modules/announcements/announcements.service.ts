import { type Announcement, type AnnouncementInput, announcementSchema } from '@lanparty/contract';
import { announcementLimits, isLanOpen } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { JsonBytes } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import { announcementChatMessage } from '../chat/chat-messages.ts';
import { type LanItemsDeps, lanItemList } from '../lans/lan-items.ts';
import { announcementNotice } from '../notices/notice-texts.ts';
import { insertNoticesForLanPlaces } from '../notices/notices.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import {
  type AnnouncementRow,
  countAnnouncements,
  deleteAnnouncement,
  insertAnnouncement,
  listAnnouncements,
} from './announcements.repository.ts';

export type AnnouncementsDeps = LanItemsDeps & {
  /** Whether the community's chat is connected (CHAT_WEBHOOK_URL). */
  isChatOn: boolean;
  publicUrl: URL;
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

/** A lan's announcements: pinned first, then newest. */
const announcements = lanItemList({
  name: 'announcements',
  itemName: 'announcement',
  listSchema: announcementSchema.array(),
  list: listAnnouncements,
  present: presentAnnouncement,
  cap: {
    most: announcementLimits.perLan,
    count: countAnnouncements,
    refusal: `A lan holds at most ${announcementLimits.perLan} announcements; delete some first.`,
  },
  remove: deleteAnnouncement,
});

/**
 * GET /api/lans/{id}/announcements: anyone who may see the lan; pinned first, then newest.
 * Kept while nothing changed: every open page and screen asks at once when one is posted.
 */
export function readLanAnnouncements(
  deps: AnnouncementsDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  scope?: object,
): Promise<JsonBytes> {
  return announcements.read(deps, viewer, lanId, scope);
}

/**
 * POST /api/lans/{id}/announcements (lan administrators): until the lan ends; to the chat
 * too when asked and the chat is connected (409 otherwise, nothing posted).
 */
export function postAnnouncement(
  deps: AnnouncementsDeps,
  viewer: Viewer | null,
  lanId: number,
  input: AnnouncementInput,
): Promise<Announcement> {
  return announcements.add(deps, viewer, lanId, {
    check: ({ lan, now }) => {
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
      return input;
    },
    insert: async (trx, fields, { lan, viewer: author, now }) => {
      const made = await insertAnnouncement(
        trx,
        {
          lanId,
          text: fields.text,
          pinned: fields.pinned,
          toChat: fields.toChat,
          authorUserId: author.user.id,
        },
        now.toISOString(),
      );
      // Everyone holding a place there hears of it at once (issue 53).
      await insertNoticesForLanPlaces(
        trx,
        lan.id,
        ['Accepted', 'Paid'],
        announcementNotice(lan, made.text),
        now,
      );
      if (fields.toChat)
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
    },
  });
}

/** DELETE /api/lans/{id}/announcements/{announcementId} (lan administrators): gone everywhere. */
export function removeAnnouncement(
  deps: AnnouncementsDeps,
  viewer: Viewer | null,
  lanId: number,
  announcementId: number,
): Promise<void> {
  return announcements.remove(deps, viewer, lanId, announcementId);
}
