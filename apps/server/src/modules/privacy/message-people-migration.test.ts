import type { TournamentMatch } from '@lanparty/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { down, up } from '../../db/migrations/0033-whom-records-name.ts';
import { monthlyLeaderboardMessage } from '../chat/chat-messages.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';

/*
 * Messages queued before migration 0033 knew nothing of whom they name: the migration links
 * them as far as their keys and text tell, so an erasure empties them at once instead of
 * their nicknames and addresses staying up to 30 days (issue 50 §4). Here they are queued
 * as the site queues them today, their links taken away, and the migration run again.
 */
describe.each(testEngines)('migration 0033 linking older messages on %s', (engine) => {
  const { api, site, as } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;

  const linksOf = async (dedupeKey: string) =>
    (
      await site.db
        .selectFrom('outbox_people')
        .innerJoin('outbox', 'outbox.id', 'outbox_people.outbox_id')
        .select(['outbox_people.user_id', 'outbox_people.is_recipient'])
        .where('outbox.dedupe_key', '=', dedupeKey)
        .orderBy('outbox_people.user_id')
        .execute()
    ).map((row) => ({ userId: row.user_id, isRecipient: Boolean(row.is_recipient) }));

  it('links leaderboard posts, tournament winner posts and payment mails to whom they name', async () => {
    // A tournament won: its chat post names both players alone by nickname.
    const lan = await api.createLan({ maximumSubcribers: 10 }, 20);
    const tournaments = tournamentCalls(api, admin);
    const cup = await tournaments.make(lan.id, { name: 'Old cup' });
    const players = await tournaments.players(lan.id, 2);
    for (const player of players)
      expect((await tournaments.enter(cup.id, player)).statusCode).toBe(201);
    const entries = (await tournaments.read(cup.id)).entries;
    const started = await tournaments.start(cup.id, {
      seeding: 'ordered',
      entryIds: entries.map((entry) => entry.id),
    });
    const final = tournaments.matchesOf(started)[0] as TournamentMatch;
    expect((await tournaments.result(final.id, { scores: [5, 3] })).statusCode).toBe(200);
    const winnerKey = `tournament:${cup.id}:winner:${final.sides[0]?.entryId}`;

    // A month's leaderboard post naming a player, markdown in their nickname escaped.
    const leader = await api.person({ nickname: `old_*leader*${process.pid}` });
    await enqueueMessage(site.db, {
      channel: 'chat',
      dedupeKey: 'leaderboard:2025-11',
      people: { named: [leader.user.id] },
      payload: monthlyLeaderboardMessage({
        month: '2025-11',
        players: [{ nickname: leader.user.nickname, hours: 12 }],
        games: [],
        publicUrl: new URL('https://lan.example/'),
      }),
    });

    // A status mail naming the lan's payment contact.
    const contact = await api.person();
    const payment = await api.request(admin(), 'PUT', `/api/lans/${lan.id}/payment-details`, {
      details: {
        accountHolder: 'Lan club',
        iban: 'NL91ABNA0417164300',
        reference: 'Lan',
        contactEmail: contact.email,
      },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    const payer = await api.person();
    const place = await api.subscribe(lan.id, payer);
    await api.setStatus(place.id, 'accepted');
    const statusKey = `subscriber-status:${place.id}`;
    const mail = await site.db
      .selectFrom('outbox')
      .select('payload')
      .where('dedupe_key', '=', statusKey)
      .executeTakeFirstOrThrow();
    expect(mail.payload).toContain(contact.email as string);

    const [first, second] = players as [Person, Person];
    const expected = {
      [winnerKey]: [first.user.id, second.user.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, isRecipient: false })),
      'leaderboard:2025-11': [{ userId: leader.user.id, isRecipient: false }],
      [statusKey]: [
        { userId: payer.user.id, isRecipient: true },
        { userId: contact.user.id, isRecipient: false },
      ].sort((a, b) => a.userId - b.userId),
    };
    for (const [key, links] of Object.entries(expected)) expect(await linksOf(key)).toEqual(links);

    // As queued before the migration: nothing linked.
    await down(site.db as unknown as Kysely<unknown>);
    await up(site.db as unknown as Kysely<unknown>);

    for (const [key, links] of Object.entries(expected))
      expect({ key, links: await linksOf(key) }).toEqual({ key, links });
  });
});
