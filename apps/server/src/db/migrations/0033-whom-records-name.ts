import { type Kysely, sql } from 'kysely';

/**
 * Whom a record names, by key rather than by searching its text (issue 50): an erasure and
 * an export found a person's mail and sign-in records with `LIKE '%…%'` over JSON, which
 * missed mail that only named them (a lan message signed with their nickname, the chat's
 * "… is joining") and mail to an address they no longer have, and read every row.
 *
 * - `outbox_people`: the people a queued message is about: its recipient, and those it
 *   names (a lan message's sender, the one joining a lan). Erasure empties every message
 *   of theirs; the export shows the mail they received.
 * - `oidc_records.account_id`: the subject a sign-in record belongs to.
 * - `erasures.reason`: the free text a member administrator typed may name the erased
 *   person; it is no longer kept, and what was kept goes.
 *
 * Records written before are linked as far as their keys and text tell (a mail to a user's
 * address, a lan message's recipients and sender, a place taken, a tournament's podium, a
 * leaderboard's players by their nickname now, a status mail's payment contact by their
 * address now); the rest go within the 30 days the retention job keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_people')
    .addColumn('outbox_id', 'integer', (column) =>
      column.notNull().references('outbox.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('is_recipient', 'boolean', (column) => column.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('outbox_people_key', ['outbox_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('outbox_people_user_index')
    .on('outbox_people')
    .column('user_id')
    .execute();
  await db.schema.alterTable('oidc_records').addColumn('account_id', 'text').execute();
  await db.schema
    .createIndex('oidc_records_account_index')
    .on('oidc_records')
    .column('account_id')
    .execute();
  await sql`update erasures set reason = null`.execute(db);
  await linkWrittenRecords(db);
}

type People = Map<number, boolean>;

async function linkWrittenRecords(db: Kysely<unknown>): Promise<void> {
  const { rows: records } = await sql<{ kind: string; id: string; payload: string }>`
    select kind, id, payload from oidc_records`.execute(db);
  for (const record of records) {
    const accountId = (JSON.parse(record.payload) as { accountId?: unknown }).accountId;
    if (typeof accountId === 'string')
      await sql`update oidc_records set account_id = ${accountId}
        where kind = ${record.kind} and id = ${record.id}`.execute(db);
  }
  const { rows: users } = await sql<{ id: number; email: string | null; nickname: string }>`
    select id, email, nickname from users where erased_at is null`.execute(db);
  const userOfAddress = new Map(
    users.flatMap((user) => (user.email ? [[user.email.toLowerCase(), Number(user.id)]] : [])),
  ) as Map<string, number>;
  const { rows: podiums } = await sql<{ tournament_id: number; captain_user_id: number }>`
    select tournament_id, captain_user_id from tournament_entries
    where final_rank <= 3 and name is null and captain_user_id is not null`.execute(db);
  const { rows: senders } = await sql<{ id: number; sender_user_id: number | null }>`
    select id, sender_user_id from lan_messages`.execute(db);
  const senderOf = new Map(senders.map((row) => [Number(row.id), row.sender_user_id]));
  const { rows: subscribers } = await sql<{ id: number; user_id: number }>`
    select id, user_id from subscribers`.execute(db);
  const subscriberUser = new Map(subscribers.map((row) => [Number(row.id), Number(row.user_id)]));
  const { rows: messages } = await sql<{ id: number; dedupe_key: string; payload: string }>`
    select id, dedupe_key, payload from outbox where payload <> '{}'`.execute(db);
  for (const message of messages) {
    const people: People = new Map();
    const add = (userId: number | null | undefined, isRecipient: boolean) => {
      if (userId !== null && userId !== undefined)
        people.set(userId, isRecipient || (people.get(userId) ?? false));
    };
    const to = (JSON.parse(message.payload) as { to?: unknown }).to;
    if (typeof to === 'string') add(userOfAddress.get(to.toLowerCase()), true);
    const lanMessage = /^lan-message:(\d+):(\d+|chat)$/.exec(message.dedupe_key);
    if (lanMessage) {
      add(senderOf.get(Number(lanMessage[1])), false);
      if (lanMessage[2] !== 'chat') add(Number(lanMessage[2]), true);
    }
    const joining = /^subscriber-accepted:(\d+)/.exec(message.dedupe_key);
    if (joining) add(subscriberUser.get(Number(joining[1])), false);
    // A tournament's winner post names its podium's players alone by nickname.
    const won = /^tournament:(\d+):winner:/.exec(message.dedupe_key);
    if (won)
      for (const row of podiums)
        if (Number(row.tournament_id) === Number(won[1])) add(Number(row.captain_user_id), false);
    // A month's leaderboard post names its top players by nickname (escaped as the chat
    // escapes markdown), each after a medal and before their hours.
    if (message.dedupe_key.startsWith('leaderboard:')) {
      const text = textOf(message.payload);
      for (const user of users)
        if (text.includes(` ${escapedForChat(user.nickname)} — `)) add(Number(user.id), false);
    }
    // A subscription's status mail may name the lan's payment contact by address.
    if (message.dedupe_key.startsWith('subscriber-status:')) {
      const text = textOf(message.payload).toLowerCase();
      for (const [address, userId] of userOfAddress) if (text.includes(address)) add(userId, false);
    }
    for (const [userId, isRecipient] of people)
      await sql`insert into outbox_people (outbox_id, user_id, is_recipient)
        select ${message.id}, id, ${isRecipient} from users where id = ${userId}`.execute(db);
  }
}

/** Every text of a payload (a mail's subject and text, a chat post's fields), joined. */
function textOf(payload: string): string {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(payload));
  return texts.join('\n');
}

/** A nickname as chat posts wrote it (chat-messages.ts's escapeChatMarkdown, as of 0033). */
const escapedForChat = (text: string) =>
  text.replace(/[\\*_~`|>#[\]()<:-]/g, (character) => `\\${character}`);

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('oidc_records_account_index').execute();
  await db.schema.alterTable('oidc_records').dropColumn('account_id').execute();
  await db.schema.dropTable('outbox_people').execute();
}
