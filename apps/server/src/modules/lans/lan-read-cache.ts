import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataGroup } from '../../db/data-versions.ts';
import type { AppDatabase } from '../../db/database.ts';
import { sharedLooks } from '../../db/shared-looks.ts';
import {
  type AnswerDepends,
  createKeptAnswers,
  type JsonBytes,
  type KeptReads,
  sendJson,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { isAllowed } from '../auth/authorize.ts';
import { createLanTimeline, type LanTimeline } from './lan-timeline.ts';
import { findNextLanEnd, listLanTimeline } from './lans.repository.ts';

/**
 * The public lan reads (the list, one lan, a lan's subscribers) as JSON text, kept until
 * the data under them changes. Every read first asks the database for the `lans` data
 * version, which triggers raise on any change to lans, subscribers, users or roles
 * (migration 0004), so an answer is never staler than the database — also with several
 * server instances on one PostgreSQL database. A user's stats change without a write
 * when a lan ends, so an answer is also dropped at the next lan's end.
 * See docs/decisions/013-lan-read-cache.md.
 */
export type LanReadCache = KeptReads<LanRead> & {
  /** Every lan's place in time, kept while the lans are unchanged: what lists pick from. */
  timeline(scope?: object): Promise<LanTimeline>;
  /**
   * Reads that show more than lans (one's own subscriptions show their seats too): kept as
   * `read`'s are, and until `groups` change as well.
   */
  showing(groups: readonly DataGroup[]): KeptReads<LanRead>;
};

export type LanRead = {
  json: JsonBytes;
  /** Only lan administrators may see it (an inactive lan or its subscribers). */
  isInactive: boolean;
};

/** Lan reads show lans, subscribers, users and roles: the `lans` group of tables. */
export function createLanReadCache(db: AppDatabase): LanReadCache {
  // Room for every lan of a community ten times the demo's (220 lans) with their lists and
  // subscriber pages: at 200, members opening lans in turn pushed each other's out (0.06
  // of the floor). About 10-30 KB an answer.
  const answers = createKeptAnswers<LanRead>(db, { maximum: 1000 });
  // Asked by every read made after a change: requests arriving together share one look, for
  // the latest of their moments. Their answers are built after the look, so a lan that
  // ended between two of those moments is already in them.
  const lookUpNextLanEnd = sharedLooks((moments: readonly Date[]) =>
    nextLanEnd(db, new Date(Math.max(...moments.map((moment) => moment.getTime())))),
  );
  const depends: AnswerDepends = { groups: ['lans'], validUntil: lookUpNextLanEnd };
  const timelines = createKeptAnswers<LanTimeline>(db, { maximum: 1 });
  const showing = (groups: readonly DataGroup[]): KeptReads<LanRead> => {
    const wider: AnswerDepends = { ...depends, groups: ['lans', ...groups] };
    return { read: (key, fill, scope) => answers.read(key, wider, fill, scope) };
  };
  return {
    read: (key, fill, scope) => answers.read(key, depends, fill, scope),
    showing,
    // Starting a lan changes no date of it: only the lans' own version matters.
    timeline: (scope) =>
      timelines.read(
        'timeline',
        { groups: ['lans'] },
        async () => createLanTimeline(await listLanTimeline(db)),
        scope,
      ),
  };
}

/**
 * When the next lan ends (ms since the epoch; Infinity for none): its lanners' numberOfLans
 * and lastLanOn change then, and it is no longer a coming lan.
 */
export async function nextLanEnd(db: AppDatabase, now: Date): Promise<number> {
  const next = await findNextLanEnd(db, now);
  return next ? Date.parse(next) : Number.POSITIVE_INFINITY;
}

/** Sends a cached read; an inactive lan stays a 404 to anyone but lan administrators. */
export async function sendLanRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: LanRead,
  lanId: number,
): Promise<FastifyReply> {
  if (read.isInactive && !isAllowed(await request.viewer(), 'lans.seeInactive'))
    throw new ProblemError(404, `There is no lan ${lanId}.`);
  return sendJson(reply, read.json);
}
