import {
  announcementLimits,
  scheduleLimits,
  screenLimits,
  tournamentLimits,
} from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { serviceDepsOn, useSecondPool } from '../../../test/services.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { createKeptAnswers } from '../../http/kept-answers.ts';
import { postAnnouncement } from '../announcements/announcements.service.ts';
import { addScheduleItem } from '../schedule/schedule.service.ts';
import { makeScreen } from '../screens/screens.service.ts';
import { createTournament } from '../tournaments/tournaments.service.ts';
import { createLan } from './lans.service.ts';

/*
 * The most of a kind a lan holds (issue 50): forty makings at once, half through a second
 * connection pool (two servers on one database), leave exactly the cap, never one more;
 * the others are told the lan is full.
 */
describe.each(testEngines)('a lan’s caps under concurrency on %s', (engine) => {
  const { site, adminViewer: admin } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);
  const racers = 40;

  const depsOn = (db: AppDatabase) => ({
    ...serviceDepsOn(db),
    isChatOn: false,
    answers: createKeptAnswers<never>(db),
  });

  const newLan = async (name: string) =>
    createLan(serviceDepsOn(site.db), admin, {
      ...buildLanBody({ name, isActive: true }),
      location: null,
    });

  const countOf = async (
    table: 'screens' | 'announcements' | 'schedule_items' | 'tournaments',
    lanId: number,
  ) =>
    Number(
      (
        await site.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('lan_id', '=', lanId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** `racers` makings at once over both pools: how many were made, and the refusals' words. */
  async function race(make: (db: AppDatabase, index: number) => Promise<unknown>) {
    const answers = await Promise.allSettled(
      Array.from({ length: racers }, (_, index) =>
        make(index % 2 === 0 ? site.db : second(), index),
      ),
    );
    const refusals = answers.flatMap((answer) =>
      answer.status === 'rejected' ? [String((answer.reason as Error).message)] : [],
    );
    return { made: racers - refusals.length, refusals: [...new Set(refusals)] };
  }

  it(`makes at most ${screenLimits.perLan} screens`, async () => {
    const lan = await newLan('Screens');
    const { made, refusals } = await race((db, index) =>
      makeScreen(depsOn(db), admin, lan.id, {
        name: `Screen ${index}`,
        slides: ['schedule'],
        rotationSeconds: 10,
      }),
    );
    expect(refusals).toEqual([
      `A lan has at most ${screenLimits.perLan} screens; switch one off first.`,
    ]);
    expect(made).toBe(screenLimits.perLan);
    expect(await countOf('screens', lan.id)).toBe(screenLimits.perLan);
  });

  it(`posts at most ${announcementLimits.perLan} announcements`, async () => {
    const lan = await newLan('Announcements');
    const now = new Date().toISOString();
    const before = announcementLimits.perLan - racers / 2;
    await site.db
      .insertInto('announcements')
      .values(
        Array.from({ length: before }, (_, index) => ({
          lan_id: lan.id,
          text: `Earlier ${index}`,
          is_pinned: false,
          to_chat: false,
          author_user_id: admin.user.id,
          creation_date: now,
        })),
      )
      .execute();
    const { made, refusals } = await race((db, index) =>
      postAnnouncement(depsOn(db), admin, lan.id, {
        text: `At once ${index}`,
        pinned: false,
        toChat: false,
      }),
    );
    expect(refusals).toEqual([
      `A lan holds at most ${announcementLimits.perLan} announcements; delete some first.`,
    ]);
    expect(made).toBe(racers / 2);
    expect(await countOf('announcements', lan.id)).toBe(announcementLimits.perLan);
  });

  it(`schedules at most ${scheduleLimits.itemsPerLan} items`, async () => {
    const lan = await newLan('Schedule');
    const start = new Date(lan.startDate);
    const now = new Date().toISOString();
    const before = scheduleLimits.itemsPerLan - racers / 2;
    await site.db
      .insertInto('schedule_items')
      .values(
        Array.from({ length: before }, (_, index) => ({
          lan_id: lan.id,
          start_date: start.toISOString(),
          end_date: null,
          title: `Earlier ${index}`,
          place: null,
          kind: 'other' as const,
          creation_date: now,
          modification_date: now,
        })),
      )
      .execute();
    const { made, refusals } = await race((db, index) =>
      addScheduleItem(depsOn(db), admin, lan.id, {
        startDate: start.toISOString(),
        endDate: null,
        title: `At once ${index}`,
        place: null,
        kind: 'game',
      }),
    );
    expect(refusals).toEqual([
      `A lan's schedule holds at most ${scheduleLimits.itemsPerLan} items; remove one first.`,
    ]);
    expect(made).toBe(racers / 2);
    expect(await countOf('schedule_items', lan.id)).toBe(scheduleLimits.itemsPerLan);
  });

  it(`holds at most ${tournamentLimits.perLan} tournaments`, async () => {
    const lan = await newLan('Tournaments');
    const { made, refusals } = await race((db, index) =>
      createTournament(depsOn(db), admin, lan.id, {
        name: `Cup ${index}`,
        game: 'Quake',
        gameId: null,
        format: 'single_elimination',
        teamSize: 1,
        maxEntrants: 8,
        bestOf: 1,
        finalBestOf: null,
        signUpClosesAt: null,
        checkIn: false,
      }),
    );
    // Forty at once below the cap are all made; forty more onto them, ten exactly.
    expect(made).toBe(racers);
    const rest = await race((db, index) =>
      createTournament(depsOn(db), admin, lan.id, {
        name: `Late cup ${index}`,
        game: 'Quake',
        gameId: null,
        format: 'single_elimination',
        teamSize: 1,
        maxEntrants: 8,
        bestOf: 1,
        finalBestOf: null,
        signUpClosesAt: null,
        checkIn: false,
      }),
    );
    expect(refusals).toEqual([]);
    expect(rest.refusals).toEqual([
      `A lan holds at most ${tournamentLimits.perLan} tournaments; delete some first.`,
    ]);
    expect(rest.made).toBe(tournamentLimits.perLan - racers);
    expect(await countOf('tournaments', lan.id)).toBe(tournamentLimits.perLan);
  });
});
