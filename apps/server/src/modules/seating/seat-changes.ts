import { seatSchema } from '@lanparty/contract';
import { toBoolean } from '../../db/columns.ts';
import { readDataVersion } from '../../db/data-versions.ts';
import type { AppDatabase } from '../../db/database.ts';
import { writeAnswer } from '../../http/answer-writer.ts';
import type { AnswerDepends, JsonBytes, KeptAnswers } from '../../http/kept-answers.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import { presentSeat } from './seating.presenter.ts';
import { findSeatPlan, findSeatStamps, readSeatingVersion } from './seating.repository.ts';

/**
 * What changed on a seat map since the version an open map holds (issue 34,
 * GET /api/lans/{id}/seating/changes). A thousand open maps each ask after every burst of
 * picks, each from the version it holds: the server keeps one index of a lan's seats by
 * the version that last changed them, brought up to date with the seats changed since it
 * was made (one small query), and answers each map from it in memory.
 */
export type SeatFollow =
  | { exists: false }
  | {
      exists: true;
      /** The lan active and the plan published: the changes are anyone's to read. */
      isPublic: boolean;
      /** The `seating` version read before the seats: the index is at least this new. */
      version: number;
      /** The version of the plan's last save: a map older than it is read whole. */
      planVersion: number;
      /** The `lans` version read with it: nicknames and clans as they were then. */
      lansVersion: string;
      /** Each seat as the map shows it, by id, with the version that last changed it. */
      seats: ReadonlyMap<number, StampedSeat>;
      /** The same, oldest change first (seats of one change by id). */
      byStamp: readonly StampedSeat[];
      /** Answers made from this index, by `since` (the maps that heard the same events ask alike). */
      answers: Map<number, JsonBytes>;
    };

type StampedSeat = { id: number; stamp: number; json: string };

/** Answers kept an index, at most: the versions asked from at one time are few. */
const answersPerIndex = 64;

// Seats, plans (seating) and the nicknames, clans and lans shown (lans).
const seatFollowDepends: AnswerDepends = { groups: ['lans', 'seating'] };

/**
 * A lan's index, made anew or brought up to date from `previous`: only the seats stamped
 * after it are read, unless the plan was saved or nicknames and clans changed since.
 */
export async function buildSeatFollow(
  db: AppDatabase,
  lanId: number,
  previous: SeatFollow | undefined,
): Promise<SeatFollow> {
  // The version first: whatever commits after it is stamped above it, and found next time.
  const lansVersion = await readDataVersion(db, 'lans');
  const version = await readSeatingVersion(db);
  const lan = await findPlaceLan(db, lanId);
  const plan = lan && (await findSeatPlan(db, lanId));
  if (!lan || !plan) return { exists: false };
  const planVersion = Number(plan.changed_version);
  const isPublic = toBoolean(lan.is_active) && toBoolean(plan.is_published);
  const isUpdate =
    previous?.exists === true &&
    previous.planVersion === planVersion &&
    previous.lansVersion === lansVersion;
  const rows = await findSeatStamps(db, lanId, isUpdate ? previous.version : undefined);
  const seats = new Map(isUpdate ? previous.seats : []);
  for (const row of rows)
    seats.set(row.id, {
      id: row.id,
      stamp: Number(row.changed_version),
      json: writeAnswer(seatSchema, presentSeat(row)),
    });
  // Oldest change first; the seats of one change (a move, a swap) in id order.
  const byStamp = [...seats.values()].sort((a, b) => a.stamp - b.stamp || a.id - b.id);
  return {
    exists: true,
    isPublic,
    version,
    planVersion,
    lansVersion,
    seats,
    byStamp,
    answers: new Map(),
  };
}

/** The changes after `since` as the answer's JSON, made once per index and version asked from. */
export function changesSince(
  follow: Extract<SeatFollow, { exists: true }>,
  since: number,
): JsonBytes {
  const known = follow.answers.get(since);
  if (known) return known;
  // A version not yet given out is no map this server made, and a map older than the
  // plan's last save lacks its seats: either is read whole.
  const planChanged = since > follow.version || follow.planVersion > since;
  let first = follow.byStamp.length;
  if (!planChanged) {
    // The first seat changed after `since` (stamps ascending).
    let low = 0;
    while (low < first) {
      const middle = (low + first) >> 1;
      if ((follow.byStamp[middle] as StampedSeat).stamp > since) first = middle;
      else low = middle + 1;
    }
  }
  const seats = follow.byStamp.slice(first).map((seat) => seat.json);
  const json = Buffer.from(
    `{"version":${follow.version},"planChanged":${planChanged},"seats":[${seats.join(',')}]}`,
  );
  if (follow.answers.size >= answersPerIndex) follow.answers.clear();
  follow.answers.set(since, json);
  return json;
}

/** A lan's index as kept (made or brought up to date when the seats changed). */
export function readSeatFollow(
  deps: { db: AppDatabase; follows: KeptAnswers<SeatFollow> },
  lanId: number,
  scope?: object,
): Promise<SeatFollow> {
  return deps.follows.read(
    `seat follow ${lanId}`,
    seatFollowDepends,
    (previous) => buildSeatFollow(deps.db, lanId, previous),
    scope,
  );
}
