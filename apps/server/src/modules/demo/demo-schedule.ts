import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { ScheduleItemsTable } from '../../db/schema.ts';

const hour = 3_600_000;

/** A lan weekend's timetable, in hours from the lan's start (issue 35). */
const timetable: {
  at: number;
  hours: number | null;
  title: string;
  place: string | null;
  kind: ScheduleItemsTable['kind'];
}[] = [
  { at: 0, hours: 1, title: 'Doors open, find your seat', place: 'Entrance', kind: 'other' },
  { at: 1, hours: 0.5, title: 'Welcome and house rules', place: 'Main hall', kind: 'other' },
  { at: 2, hours: null, title: 'Free play', place: null, kind: 'game' },
  { at: 5, hours: 1, title: 'Pizza', place: 'Kitchen', kind: 'food' },
  { at: 16, hours: 1.5, title: 'Breakfast', place: 'Kitchen', kind: 'food' },
  { at: 18, hours: 4, title: 'Rocket League 2v2 tournament', place: 'Stage', kind: 'tournament' },
  { at: 24, hours: 2, title: 'Barbecue', place: 'Garden', kind: 'food' },
  { at: 27, hours: null, title: 'Counter-Strike 2 night', place: null, kind: 'game' },
  { at: 41, hours: 1, title: 'Prizes and clean-up', place: 'Main hall', kind: 'other' },
];

/** The demo's lans with a seat plan get a schedule: what falls within each lan of the timetable. */
export async function seedDemoSchedule(
  trx: Executor,
  lanIds: readonly number[],
  now: Date,
): Promise<void> {
  if (lanIds.length === 0) return;
  const lans = await trx
    .selectFrom('lans')
    .select(['id', 'start_date', 'end_date'])
    .where('id', 'in', [...lanIds])
    .execute();
  const stamp = now.toISOString();
  const rows = lans.flatMap((lan) => {
    const start = Date.parse(toIsoTimestamp(lan.start_date));
    const end = Date.parse(toIsoTimestamp(lan.end_date));
    return timetable
      .filter((item) => start + (item.at + (item.hours ?? 0)) * hour <= end)
      .map((item) => ({
        lan_id: lan.id,
        start_date: new Date(start + item.at * hour).toISOString(),
        end_date:
          item.hours === null
            ? null
            : new Date(start + (item.at + item.hours) * hour).toISOString(),
        title: item.title,
        place: item.place,
        kind: item.kind,
        creation_date: stamp,
        modification_date: stamp,
      }));
  });
  if (rows.length > 0) await trx.insertInto('schedule_items').values(rows).execute();
}

/** The open lan's announcements: one pinned, one not (issue 35). */
export async function seedDemoAnnouncements(
  trx: Executor,
  lanId: number,
  now: Date,
): Promise<void> {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  await trx
    .insertInto('announcements')
    .values([
      {
        lan_id: lanId,
        text: 'Bring your own power strip: every table has one socket per two seats.',
        is_pinned: true,
        to_chat: false,
        author_user_id: null,
        creation_date: at(60 * 24),
      },
      {
        lan_id: lanId,
        text: 'The Rocket League sign-up sheet is on the stage door. Teams of two!',
        is_pinned: false,
        to_chat: false,
        author_user_id: null,
        creation_date: at(30),
      },
    ])
    .execute();
}
