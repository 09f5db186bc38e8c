import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { useSecondPool } from '../../../test/services.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { buildApp } from '../../app.ts';

/*
 * Two erasures at once both go through (issue 50 §4). An erasure holds the lans it changes:
 * those of the places it drops and those of the tournaments it leaves. Held in two runs, a
 * lower id after a higher one, two erasures holding them in opposite orders would each wait
 * for the other (PostgreSQL). On PostgreSQL the two go to two servers, each with its own
 * pool; on SQLite (one writer) to two apps on the site's one connection.
 */
describe.each(testEngines)('two erasures at once on %s', (engine) => {
  const { api, site, as } = setUpOrganiserSite(engine, {
    callers: ['LanAdministrator', 'MemberAdministrator'],
  });
  const second = useSecondPool(site);
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(site.config, { db: second(), isRunningJobs: false });
    await other.ready();
  });
  afterAll(async () => other?.close());

  const administrator = () => {
    if (!as.MemberAdministrator) throw new Error('no member administrator');
    return as.MemberAdministrator;
  };

  /**
   * Two lans to come, and one who keeps a paid place and an open tournament's entry at
   * `kept` and has a place to drop at `dropped`: their erasure changes `dropped` for the
   * place and `kept` for the tournament.
   */
  const setUp = async () => {
    const lans = [await api.createLan({}, 20), await api.createLan({}, 20)] as const;
    const tournaments = tournamentCalls(api, () => as.LanAdministrator as Person);
    const cups = [await tournaments.make(lans[0].id), await tournaments.make(lans[1].id)];
    const placed = async (kept: 0 | 1): Promise<Person> => {
      const who = await api.person();
      const paid = await api.subscribe(lans[kept].id, who);
      await api.setStatus(paid.id, 'paid');
      const entered = await tournaments.enter((cups[kept] as { id: number }).id, who);
      expect(entered.statusCode, entered.body).toBe(201);
      const accepted = await api.subscribe(lans[1 - kept]?.id as number, who);
      await api.setStatus(accepted.id, 'accepted');
      return who;
    };
    return { lans, low: await placed(0), high: await placed(1) };
  };

  const erase = (server: FastifyInstance, who: Person) =>
    server.inject({
      method: 'DELETE',
      url: `/api/users/${who.user.id}`,
      headers: administrator().headers,
    });

  it('erases two people whose lans go in opposite orders, both at once', async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const { low, high } = await setUp();
      const answers = await Promise.all([erase(site.app, low), erase(other, high)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    }
  });

  it.runIf(engine === 'postgres')(
    'holds the lower lan before the higher one, whatever it changes at each',
    async () => {
      const { lans, low } = await setUp();
      // `low` drops a place at the higher lan and leaves a tournament at the lower one.
      const [lower, higher] = [lans[0].id, lans[1].id];
      let erasure: ReturnType<typeof erase> | undefined;
      await second()
        .transaction()
        .execute(async (holder) => {
          await holder
            .selectFrom('lans')
            .select('id')
            .where('id', '=', lower)
            .forUpdate()
            .execute();
          erasure = erase(site.app, low);
          // Until the erasure waits for this transaction's hold on the lower lan.
          for (;;) {
            const { rows } = await sql<{ waiting: number | string }>`
              select count(*) as waiting from pg_stat_activity
              where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(holder);
            if (Number(rows[0]?.waiting) > 0) break;
            await new Promise((resolve) => setImmediate(resolve));
          }
          // Waiting for the lower lan, it must hold no higher one: another erasure holding
          // the lower and wanting the higher would wait for it, and it for that one.
          const isHigherFree = await site.db
            .transaction()
            .execute(async (trx) => {
              await trx
                .selectFrom('lans')
                .select('id')
                .where('id', '=', higher)
                .forUpdate()
                .noWait()
                .execute();
              return true;
            })
            .catch(() => false);
          expect(isHigherFree).toBe(true);
        });
      expect((await (erasure as ReturnType<typeof erase>)).statusCode).toBe(204);
    },
  );
});
