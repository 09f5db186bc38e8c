import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readDataVersion } from '../../db/data-versions.ts';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { canSeeInactiveLans } from './lans.policy.ts';
import { findNextLanStart } from './lans.repository.ts';

/**
 * The public lan reads (the list, one lan, a lan's subscribers) as JSON text, kept until
 * the data under them changes. Every read first asks the database for the `lans` data
 * version, which triggers raise on any change to lans, subscribers, users or roles
 * (migration 0004), so an answer is never staler than the database — also with several
 * server instances on one PostgreSQL database. A user's stats change without a write
 * when a lan starts, so an answer is also dropped at the next lan's start.
 * See docs/decisions/013-lan-read-cache.md.
 */
export type LanReadCache = {
  /** The cached answer for this key, or `fill`'s answer, kept for the next reader. */
  read(key: string, fill: () => Promise<LanRead>): Promise<LanRead>;
};

export type LanRead = {
  json: string;
  /** Only lan administrators may see it (an inactive lan or its subscribers). */
  isInactive: boolean;
};

type Entry = LanRead & { version: string; validUntil: number };

const maximumEntries = 200;

export function createLanReadCache(db: AppDatabase): LanReadCache {
  const entries = new Map<string, Entry>();
  // Many readers missing at once share one fill rather than each running the queries.
  const filling = new Map<string, Promise<Entry>>();

  async function fillEntry(key: string, version: string, fill: () => Promise<LanRead>) {
    const validUntil = await nextLanStart(db, new Date());
    const entry = { ...(await fill()), version, validUntil };
    entries.delete(key);
    if (entries.size >= maximumEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
    return entry;
  }

  return {
    async read(key, fill) {
      // The version is read before the data, so a change committed in between only
      // makes the next reader fill again; it can never pin old data to a new version.
      const version = await readDataVersion(db, 'lans');
      const known = entries.get(key);
      if (known && known.version === version && Date.now() < known.validUntil) return known;
      const fillKey = `${version} ${key}`;
      let pending = filling.get(fillKey);
      if (!pending) {
        pending = fillEntry(key, version, fill).finally(() => filling.delete(fillKey));
        filling.set(fillKey, pending);
      }
      return pending;
    },
  };
}

/** When the next lan starts: its subscribers' numberOfLans and lastLanOn change then. */
async function nextLanStart(db: AppDatabase, now: Date): Promise<number> {
  const next = await findNextLanStart(db, now);
  return next ? Date.parse(next) : Number.POSITIVE_INFINITY;
}

/** What Fastify's serializer would send: checked against the schema, unknown keys dropped. */
export function toJson<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends a cached read; an inactive lan stays a 404 to anyone but lan administrators. */
export async function sendLanRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: LanRead,
  lanId: number,
): Promise<FastifyReply> {
  if (read.isInactive && !canSeeInactiveLans(await request.viewer()))
    throw new ProblemError(404, `There is no lan ${lanId}.`);
  // A string with a JSON content type is sent as it is, without serialising it again.
  return reply.type('application/json; charset=utf-8').send(read.json);
}
