import {
  formatValidationMessage,
  type ScheduleItem,
  type ScheduleItemInput,
  scheduleItemSchema,
} from '@lanparty/contract';
import { scheduleLimits } from '@lanparty/contract/rules';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { type JsonBytes, toJson } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { formatZonedMoment, toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type KeptLanReads, readKeptOfLan } from '../lans/kept-lan-reads.ts';
import { refuseLanCapReached } from '../lans/lan-caps.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import {
  countScheduleItems,
  deleteScheduleItem,
  insertScheduleItem,
  listScheduleItems,
  type ScheduleItemRow,
  updateScheduleItem,
} from './schedule.repository.ts';

export type ScheduleDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  /** The schedules read, kept while the lan and its news are unchanged. */
  answers: KeptLanReads;
  clock?: () => Date;
};

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

const scheduleSchema = scheduleItemSchema.array();

/** GET /api/lans/{id}/schedule: anyone who may see the lan; kept while nothing changed. */
export async function readSchedule(
  deps: ScheduleDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  scope?: object,
): Promise<JsonBytes> {
  return readKeptOfLan(
    deps,
    { name: 'schedule', lanId, groups: ['news'], ...(scope ? { scope } : {}) },
    async () => {
      const rows = await listScheduleItems(deps.db, lanId);
      return toJson(
        scheduleSchema,
        rows.map((row) => presentItem(row, deps.communityTimeZone)),
      );
    },
    viewer,
  );
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
export async function addScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  input: ScheduleItemInput,
): Promise<ScheduleItem> {
  authorize(viewer, 'lans.manage');
  const lan = await findVisibleLan(deps.db, viewer, lanId);
  const fields = itemFields(input, lan, deps.communityTimeZone);
  const now = (deps.clock?.() ?? new Date()).toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    await refuseLanCapReached(trx, lanId, {
      most: scheduleLimits.itemsPerLan,
      count: countScheduleItems,
      refusal: `A lan's schedule holds at most ${scheduleLimits.itemsPerLan} items; remove one first.`,
    });
    return insertScheduleItem(trx, lanId, fields, now);
  });
  return presentItem(row, deps.communityTimeZone);
}

/** PUT /api/lans/{id}/schedule/{itemId}: lan administrators. */
export async function changeScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  itemId: number,
  input: ScheduleItemInput,
): Promise<ScheduleItem> {
  authorize(viewer, 'lans.manage');
  const lan = await findVisibleLan(deps.db, viewer, lanId);
  const fields = itemFields(input, lan, deps.communityTimeZone);
  const now = (deps.clock?.() ?? new Date()).toISOString();
  const row = await updateScheduleItem(deps.db, lanId, itemId, fields, now);
  if (!row) throw new ProblemError(404, `Lan ${lanId} has no schedule item ${itemId}.`);
  return presentItem(row, deps.communityTimeZone);
}

/** DELETE /api/lans/{id}/schedule/{itemId}: lan administrators. */
export async function removeScheduleItem(
  deps: ScheduleDeps,
  viewer: Viewer | null,
  lanId: number,
  itemId: number,
): Promise<void> {
  authorize(viewer, 'lans.manage');
  await findVisibleLan(deps.db, viewer, lanId);
  if (!(await deleteScheduleItem(deps.db, lanId, itemId)))
    throw new ProblemError(404, `Lan ${lanId} has no schedule item ${itemId}.`);
}
