import { createHash, randomBytes } from 'node:crypto';
import type { NewScreen, Screen, ScreenInput, ScreenView } from '@lanparty/contract';
import { type ScreenSlide, screenLimits, screenPath, screenSlides } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { refuseLanCapReached } from '../lans/lan-caps.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import {
  countScreens,
  findPresence,
  findScreenByTokenHash,
  insertScreen,
  listScreens,
  markScreenSwitchedOff,
  type ScreenRow,
} from './screens.repository.ts';

export type ScreensDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  publicUrl: URL;
  clock?: () => Date;
};

/** A screen link's secret: 256 random bits, as 43 url-safe characters. */
const newToken = () => randomBytes(32).toString('base64url');
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** What the database keeps of a secret: its SHA-256, so a copy of the database opens no screen. */
export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

const slidesOf = (row: ScreenRow): ScreenSlide[] =>
  row.slides
    .split(',')
    .filter((slide): slide is ScreenSlide => (screenSlides as readonly string[]).includes(slide));

function presentScreen(row: ScreenRow, timeZone: string): Screen {
  return {
    id: row.id,
    lanId: row.lan_id,
    name: row.name,
    slides: slidesOf(row),
    rotationSeconds: row.rotation_seconds,
    creationDate: toZonedIsoTimestamp(row.creation_date, timeZone),
  };
}

/** GET /api/lans/{id}/screens: lan administrators. */
export async function listLanScreens(
  deps: ScreensDeps,
  viewer: Viewer | null,
  lanId: number,
): Promise<Screen[]> {
  authorize(viewer, 'lans.manage');
  await findVisibleLan(deps.db, viewer, lanId);
  const rows = await listScreens(deps.db, lanId);
  return rows.map((row) => presentScreen(row, deps.communityTimeZone));
}

/** POST /api/lans/{id}/screens: lan administrators; the link is in this answer alone. */
export async function makeScreen(
  deps: ScreensDeps,
  viewer: Viewer | null,
  lanId: number,
  input: ScreenInput,
): Promise<NewScreen> {
  authorize(viewer, 'lans.manage');
  await findVisibleLan(deps.db, viewer, lanId);
  const token = newToken();
  const now = deps.clock?.() ?? new Date();
  const row = await deps.db.transaction().execute(async (trx) => {
    await refuseLanCapReached(trx, lanId, {
      most: screenLimits.perLan,
      count: countScreens,
      refusal: `A lan has at most ${screenLimits.perLan} screens; switch one off first.`,
    });
    return insertScreen(
      trx,
      {
        lan_id: lanId,
        name: input.name,
        token_hash: hashOfToken(token),
        // Each slide once, in the usual order, whatever order they came in.
        slides: screenSlides.filter((slide) => input.slides.includes(slide)).join(','),
        rotation_seconds: input.rotationSeconds,
      },
      now.toISOString(),
    );
  });
  return {
    ...presentScreen(row, deps.communityTimeZone),
    url: new URL(screenPath(token), deps.publicUrl).href,
  };
}

/** DELETE /api/lans/{id}/screens/{screenId}: the screen goes blank ("switched off"). */
export async function switchOffScreen(
  deps: ScreensDeps,
  viewer: Viewer | null,
  lanId: number,
  screenId: number,
): Promise<void> {
  authorize(viewer, 'lans.manage');
  await findVisibleLan(deps.db, viewer, lanId);
  const now = (deps.clock?.() ?? new Date()).toISOString();
  if (!(await markScreenSwitchedOff(deps.db, lanId, screenId, now)))
    throw new ProblemError(404, `Lan ${lanId} has no screen ${screenId}.`);
}

const switchedOff = () => new ProblemError(404, 'This screen was switched off.');
const noScreen = () =>
  new ProblemError(
    404,
    'There is no screen at this link. Check that the whole link was copied, or ask a lan administrator for it.',
  );

/**
 * The screen of a link, while its lan is public. A 404 either way: a link that never was a
 * screen's (malformed or unknown) says so; a screen switched off, or one of a lan made
 * inactive, is "switched off" (a screen tells nothing of what is not public).
 */
export async function findScreenOfToken(db: Executor, token: string) {
  if (!tokenPattern.test(token)) throw noScreen();
  const screen = await findScreenByTokenHash(db, hashOfToken(token));
  if (!screen) throw noScreen();
  const lan = await findLanById(db, screen.lan_id);
  if (screen.switched_off_date !== null || !lan || !toBoolean(lan.is_active)) throw switchedOff();
  return { screen, lan };
}

/** GET /api/screens/{token}: the screen's slides, its lan, and who is here. */
export async function readScreen(deps: ScreensDeps, token: string): Promise<ScreenView> {
  const { screen, lan } = await findScreenOfToken(deps.db, token);
  const presence = await findPresence(deps.db, lan.id, screenLimits.arrivals);
  const timeZone = deps.communityTimeZone;
  return {
    id: screen.id,
    name: screen.name,
    slides: slidesOf(screen),
    rotationSeconds: screen.rotation_seconds,
    asOf: toZonedIsoTimestamp(deps.clock?.() ?? new Date(), timeZone),
    lan: {
      id: lan.id,
      name: lan.name,
      startDate: toZonedIsoTimestamp(lan.start_date, timeZone),
      endDate: toZonedIsoTimestamp(lan.end_date, timeZone),
    },
    presence: {
      presentCount: presence.presentCount,
      participantCount: presence.participantCount,
      arrivals: presence.newest.map((row) => ({
        userId: row.id,
        nickname: row.nickname,
        arrivalDate: toZonedIsoTimestamp(row.checked_in_at as Date | string, timeZone),
      })),
    },
  };
}
