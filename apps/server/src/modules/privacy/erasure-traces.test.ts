import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { insertLocalAccount } from '../identity/local-accounts.repository.ts';
import { hashPassword } from '../identity/passwords.ts';
import { sweepMailFolder } from '../outbox/mail-files.ts';
import { createMailer } from '../outbox/mailer.ts';
import { deliverDueMessages } from '../outbox/outbox.worker.ts';
import { readColumns } from './user-catalogue.repository.ts';

const password = 'correct horse battery';

/** A logger that keeps every line it is given, as text. */
function capturingLog(lines: string[]): FastifyBaseLogger {
  const write = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  };
  const log = {
    level: 'info',
    info: write,
    warn: write,
    error: write,
    debug: write,
    trace: write,
    fatal: write,
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

/*
 * Erasure leaves nothing of the person behind (issue 50): not in any table (sent mail and
 * chat posts included), not in the SQLite file or its WAL, not in any server's mail folder,
 * not in the log.
 */
describe.each(testEngines)('what an erasure leaves on %s', (engine) => {
  const log: string[] = [];
  // The site's own log too: its request lines, and whatever the erasure logs.
  const { api, site } = setUpOrganiserSite(engine, {
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void log.push(line) },
  });
  const folders = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'lanparty-mail-')));
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const mailers = folders.map((folder) =>
    createMailer({ from: 'site@example.org' } as never, folder, capturingLog(log)),
  );
  let turn = 0;
  /** Every message due an hour from now goes out, the mail alternately through two servers. */
  const deliverAll = async () => {
    const later = new Date(Date.now() + 3_600_000);
    while (
      (await deliverDueMessages(
        site.db,
        {
          email: (message, id) => {
            turn += 1;
            return (mailers[turn % 2] as (typeof mailers)[0])(message, id);
          },
          chat: async () => {},
        },
        capturingLog(log),
        later,
      )) > 0
    );
  };

  it('leaves no personal value in any table, database file, mail folder or log line', async () => {
    const tag = `${process.pid}x${Date.now() % 100_000}`;
    const earlierEmail = `quintessa.earlier.${tag}@example.org`;
    const me: Person = await api.person({
      roles: ['Lanner', 'LanAdministrator'],
      nickname: `Zorblax${tag}`,
      firstName: `Quintessa${tag}`,
      surname: `Vandermolen${tag}`,
      city: `Ouddorpia${tag}`,
      birthDate: '1991-02-03',
    });
    const steamId = `7656119${String(Date.now()).slice(-10)}`;
    await site.db
      .updateTable('users')
      .set({ email: earlierEmail, steam_id: steamId })
      .where('id', '=', me.user.id)
      .execute();
    const passwordHash = await hashPassword(password);
    await insertLocalAccount(site.db, {
      userId: me.user.id,
      username: `zorblax${tag}`,
      passwordHash,
    });
    const friend = await api.person();
    const lan = await api.createLan({ maximumSubcribers: 10 }, 20);
    const payment = await api.request(me, 'PUT', `/api/lans/${lan.id}/payment-details`, {
      details: {
        accountHolder: 'Lan club',
        iban: 'NL91ABNA0417164300',
        reference: 'Lan',
        contactEmail: earlierEmail,
      },
    });
    expect(payment.statusCode, payment.body).toBe(200);

    // Subscribed, taken in twice (two "… is joining" posts), paid.
    const mine = await api.subscribe(lan.id, me);
    await api.setStatus(mine.id, 'accepted');
    await api.setStatus(mine.id, 'pending');
    await api.setStatus(mine.id, 'accepted');
    await api.setStatus(mine.id, 'paid');
    const theirs = await api.subscribe(lan.id, friend);
    await api.setStatus(theirs.id, 'accepted');
    await deliverAll();

    // A new address: the status mails went to the earlier one.
    const email = `quintessa.now.${tag}@example.org`;
    const changed = await api.request(me, 'PUT', '/api/users/me', {
      ...(await api.request(me, 'GET', '/api/users/me')).json(),
      email,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // A tournament under way that they entered.
    const tournaments = tournamentCalls(api, () => me);
    const cup = await tournaments.make(lan.id, { maxEntrants: 4 });
    const entered = await tournaments.enter(cup.id, me);
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await tournaments.enter(cup.id, friend)).statusCode).toBe(201);
    await tournaments.start(cup.id);

    // A lan message (mail to the others, signed, and a chat post), an announcement, a clan.
    const message = await api.request(
      me,
      'POST',
      `/api/lans/${lan.id}/messages`,
      { subject: 'Doors', body: 'Doors open at six.', statuses: ['Accepted', 'Paid'], chat: true },
      { 'idempotency-key': `doors-${tag}` },
    );
    expect(message.statusCode, message.body).toBe(202);
    const announced = await api.request(me, 'POST', `/api/lans/${lan.id}/announcements`, {
      text: 'Bring a cable.',
      toChat: true,
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const clan = await api.request(me, 'POST', '/api/clans', {
      name: `Cable crew ${tag}`,
      tag: `C${tag.slice(-3)}`,
      colour: '#224466',
    });
    expect(clan.statusCode, clan.body).toBe(201);
    await deliverAll();
    expect(folders.every((folder) => readdirSync(folder, { recursive: true }).length > 0)).toBe(
      true,
    );

    const erased = await api.request(me, 'DELETE', '/api/users/me', { password });
    expect(erased.statusCode, erased.body).toBe(204);
    // Each server clears its own folder on its round.
    for (const folder of folders) await sweepMailFolder(site.db, folder);

    // Their entry in the tournament under way gave up: the other goes on.
    const after = await tournaments.read(cup.id, friend);
    expect
      .soft(after.entries.find((entry) => entry.captainId === me.user.id)?.forfeited)
      .toBe(true);

    const values = {
      nickname: me.user.nickname,
      firstName: `Quintessa${tag}`,
      surname: `Vandermolen${tag}`,
      city: `Ouddorpia${tag}`,
      email,
      earlierEmail,
      steamId,
      passwordHash,
    };
    const found: string[] = [];
    const search = (where: string, text: string) => {
      const lower = text.toLowerCase();
      for (const [name, value] of Object.entries(values))
        if (lower.includes(value.toLowerCase())) found.push(`${name} in ${where}`);
    };
    const tables = [...new Set((await readColumns(site.db)).map((column) => column.table))];
    for (const table of tables) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(site.db);
      search(`table ${table}`, JSON.stringify(rows));
    }
    if (site.config.database.kind === 'sqlite') {
      const file = site.config.database.file;
      for (const part of [file, `${file}-wal`]) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(part);
        } catch {
          continue;
        }
        search(path.basename(part), bytes.toString('latin1'));
      }
    }
    for (const folder of [site.dataDir, ...folders])
      for (const name of readdirSync(folder, { recursive: true }) as string[]) {
        if (name.includes('lanparty.sqlite')) continue;
        const file = path.join(folder, name);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          continue;
        }
        search(`file ${name}`, text);
      }
    // The log was read: it holds the site's request lines and the mail written to files.
    expect(log.some((line) => line.includes('/api/users/me'))).toBe(true);
    expect(log.some((line) => line.includes('.eml'))).toBe(true);
    search('the log', log.join('\n'));
    expect(found).toEqual([]);
  });
});
