import type {
  LanMessage,
  LanMessageInput,
  LanMessageReceipt,
  MessagingSettings,
  Paged,
  SubscriberStatus,
} from '@lanparty/contract';
import { splitMessageRecipients } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { lanMessageChatMessage, lanPageUrl } from '../chat/chat-messages.ts';
import type { LanRow } from '../lans/lans.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { listParticipantRows } from '../subscriptions/participants.repository.ts';
import { findManagedLan, isEmailVerified } from '../subscriptions/participants.ts';
import type { PlacesDeps } from '../subscriptions/places.ts';
import {
  findLanMessageByKey,
  insertLanMessage,
  type LanMessageRow,
  pageLanMessages,
} from './lan-messages.repository.ts';

export type LanMessagesDeps = PlacesDeps & { db: AppDatabase };

/**
 * Where replies to a sender's messages go: their own address while it is verified; none
 * otherwise (an unverified address may be someone else's).
 */
export function replyToOf(viewer: Viewer): string | null {
  return viewer.user.email && toBoolean(viewer.user.is_email_activated) ? viewer.user.email : null;
}

/**
 * GET settings/messaging (lan administrators): whether a message may go to the chat, and
 * where replies to the viewer's mails go.
 */
export function messagingSettingsFor(viewer: Viewer | null, isChatOn: boolean): MessagingSettings {
  authorize(viewer, 'messages.send');
  return { isChatConnected: isChatOn, replyTo: replyToOf(viewer) };
}

function presentLanMessage(row: LanMessageRow): LanMessage {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    sender: { id: row.sender_user_id, nickname: row.sender_nickname },
    sentAt: toIsoTimestamp(row.creation_date),
    statuses: JSON.parse(row.statuses) as SubscriberStatus[],
    chat: toBoolean(row.chat),
    recipients: row.recipients,
    unreachable: JSON.parse(row.unreachable) as string[],
  };
}

const receiptOf = ({ id, recipients, unreachable }: LanMessage): LanMessageReceipt => ({
  id,
  recipients,
  unreachable,
});

/** The first send of this key again; a different message under the same key is a 409. */
function repeatOf(row: LanMessageRow, input: LanMessageInput): LanMessageReceipt {
  const first = presentLanMessage(row);
  const isSame =
    first.subject === input.subject &&
    first.body === input.body &&
    first.chat === input.chat &&
    [...first.statuses].sort().join() === [...input.statuses].sort().join();
  if (!isSame)
    throw new ProblemError(
      409,
      'This Idempotency-Key was already used for another message; use a new key.',
    );
  return receiptOf(first);
}

/**
 * POST lans/{id}/messages: the message goes by e-mail, through the outbox, to each
 * subscriber of the chosen statuses with a verified address, and to the chat when asked.
 * Everything is queued in one transaction with the record of the message, so it is sent
 * once; a retry with the same Idempotency-Key answers the first send and sends nothing.
 */
export async function sendLanMessage(
  deps: LanMessagesDeps,
  viewer: Viewer,
  lanId: number,
  input: LanMessageInput,
  idempotencyKey: string | undefined,
): Promise<LanMessageReceipt> {
  const lan = await findManagedLan(deps.db, viewer, lanId);
  if (input.chat && !deps.isChatOn)
    throw new ProblemError(
      409,
      'The community’s chat is not connected on this site, so the message cannot go there. ' +
        'Send it by e-mail only.',
    );
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      const first = await findLanMessageByKey(trx, lan.id, idempotencyKey);
      if (first) return repeatOf(first, input);
    }
    const rows = (await listParticipantRows(trx, lan.id)).map((row) => ({
      ...row,
      emailVerified: isEmailVerified(row),
    }));
    const { reachable, unreachable: unreached } = splitMessageRecipients(rows, input.statuses);
    const unreachable = unreached.map((row) => row.nickname);
    const message = await insertLanMessage(
      trx,
      {
        lanId: lan.id,
        senderUserId: viewer.user.id,
        senderNickname: viewer.user.nickname,
        subject: input.subject,
        body: input.body,
        statuses: input.statuses,
        chat: input.chat,
        recipients: reachable.length,
        unreachable,
        idempotencyKey: idempotencyKey ?? null,
      },
      now,
    );
    if (!message) {
      // Another request with this key committed first (a double click on PostgreSQL).
      const first = idempotencyKey && (await findLanMessageByKey(trx, lan.id, idempotencyKey));
      if (!first) throw new Error('A message with a taken idempotency key went missing');
      return repeatOf(first, input);
    }
    await queueDeliveries(trx, deps, lan, message, reachable, replyToOf(viewer), now);
    return receiptOf(presentLanMessage(message));
  });
}

/** Whom a lan message's mail and chat post name: its sender (signed with their nickname). */
const sendersOf = (message: LanMessageRow) =>
  message.sender_user_id === null ? [] : [message.sender_user_id];

async function queueDeliveries(
  db: Executor,
  deps: LanMessagesDeps,
  lan: LanRow,
  message: LanMessageRow,
  recipients: readonly { user_id: number; email: string | null; nickname: string }[],
  replyTo: string | null,
  now: Date,
): Promise<void> {
  const link = lanPageUrl(deps.publicUrl, lan.id);
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    await enqueueMessage(
      db,
      {
        channel: 'email',
        dedupeKey: `lan-message:${message.id}:${recipient.user_id}`,
        payload: {
          to: recipient.email,
          subject: `[${lan.name}] ${message.subject}`,
          // The organiser's own words, greeting and all: no second greeting of ours first.
          text:
            `${message.body}\n\n` +
            `— ${message.sender_nickname}, for ${lan.name}\n${link}\n\n` +
            `You get this because you are subscribed to ${lan.name} on Lanparty.` +
            (replyTo ? ` Reply to this mail to reach ${message.sender_nickname}.` : ''),
          ...(replyTo ? { replyTo } : {}),
        },
        people: { recipient: recipient.user_id, named: sendersOf(message) },
      },
      now,
    );
  }
  if (toBoolean(message.chat)) {
    await enqueueMessage(
      db,
      {
        channel: 'chat',
        dedupeKey: `lan-message:${message.id}:chat`,
        payload: lanMessageChatMessage({
          lan,
          subject: message.subject,
          body: message.body,
          sender: message.sender_nickname,
          publicUrl: deps.publicUrl,
        }),
        people: { named: sendersOf(message) },
      },
      now,
    );
  }
}

/** GET lans/{id}/messages: what was sent to the lan's participants, newest first. */
export async function listLanMessages(
  db: Executor,
  viewer: Viewer,
  lanId: number,
  page: { offset: number; limit: number },
): Promise<Paged<LanMessage>> {
  const lan = await findManagedLan(db, viewer, lanId);
  const { rows, total } = await pageLanMessages(db, lan.id, page);
  return { items: rows.map(presentLanMessage), ...page, total };
}
