import {
  formatValidationMessage,
  type ScheduleItem,
  type ScheduleItemInput,
  scheduleItemSchema,
} from '@lanparty/contract';
import { scheduleLimits } from '@lanparty/contract/rules';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { JsonBytes } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { formatZonedMoment, toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type LanItemsDeps, lanItemList } from '../lans/lan-items.ts';
import {
  countScheduleItems,
  deleteScheduleItem,
  insertScheduleItem,
  listScheduleItems,
  type ScheduleItemRow,
  updateScheduleItem,
} from './schedule.repository.ts';

export type ScheduleDeps = LanItemsDeps;

function presentItem(row: ScheduleItemRow, timeZone: string): ScheduleItem {
  return {
    id: row.id,
    lanId: row.lan_id,
    startDate: toZonedIsoTimestamp(row.start_date, timeZone),
    endDate: row.end_date === null ? null : toZonedIsoTimestamp(row.end_date, timeZone),
    title: row.title,
    place: row.place,
    kind: row.kind,
  };
}

/** A lan's schedule: its items, by start. */
const schedule = lanItemList({
  name: 'schedule',
  itemName: 'schedule item',
  listSchema: scheduleItemSchema.array(),
  list: listScheduleItems,
  present: presentItem,
  cap: {
    most: scheduleLimits.itemsPerLan,
    count: countScheduleItems,
    refusal: `A lan's schedule holds at most ${scheduleLimits.itemsPerLan} items; remove one first.`,
  },
  remove: deleteScheduleItem,
});

/** GET /api/lans/{id}/schedule: anyone who may see the lan; kept while nothing changed. */
export function readSchedule(
  deps: ScheduleDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  scope?: object,
): Promise<JsonBytes> {
  return schedule.read(deps, viewer, lanId, scope);
}

/** An item's fields as stored, once it lies within the lan (a 400 naming the field otherwise). */
function itemFields(
  input: ScheduleItemInput,
  lan: { start_date: string | Date; end_date: string | Date },
  timeZone: string,
) {
  const lanStart = Date.parse(toIsoTimestamp(lan.start_date));
  const lanEnd = Date.parse(toIsoTimestamp(lan.end_date));
  const start = Date.parse(input.startDate);
  const end = input.endDate === null ? null : Date.parse(input.endDate);
  const lanTimes = `${formatZonedMoment(toIsoTimestamp(lan.start_date), timeZone)} – ${formatZonedMoment(toIsoTimestamp(lan.end_date), timeZone)}`;
  const errors: Record<string, string[]> = {};
  if (start < lanStart || start >= lanEnd)
    errors.startDate = [formatValidationMessage('withinLan', 'startDate', lanTimes)];
  if (end !== null && end > lanEnd)
    errors.endDate = [formatValidationMessage('withinLan', 'endDate', lanTimes)];
  if (Object.keys(errors).length > 0)
    throw new ProblemError(400, 'The item does not fall within the lan.', { errors });
  return {
    start_date: new Date(start).toISOString(),
    end_date: end === null ? null : new Date(end).toISOString(),
    title: input.title,
    place: input.place === '' ? null : input.place,
    kind: input.kind,
  };
}

/** POST /api/lans/{id}/schedule: lan administrators. */
export function addScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  input: ScheduleItemInput,
): Promise<ScheduleItem> {
  return schedule.add(deps, viewer, lanId, {
    check: ({ lan }) => itemFields(input, lan, deps.communityTimeZone),
    insert: (trx, fields, { now }) => insertScheduleItem(trx, lanId, fields, now.toISOString()),
  });
}

/** PUT /api/lans/{id}/schedule/{itemId}: lan administrators. */
export function changeScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  itemId: number,
  input: ScheduleItemInput,
): Promise<ScheduleItem> {
  return schedule.change(deps, viewer, lanId, itemId, {
    check: ({ lan }) => itemFields(input, lan, deps.communityTimeZone),
    update: (db, fields, { now }) =>
      updateScheduleItem(db, lanId, itemId, fields, now.toISOString()),
  });
}

/** DELETE /api/lans/{id}/schedule/{itemId}: lan administrators. */
export function removeScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  itemId: number,
): Promise<void> {
  return schedule.remove(deps, viewer, lanId, itemId);
}
