import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type DataGroup, readDataVersions } from '../db/data-versions.ts';
import type { AppDatabase } from '../db/database.ts';
import { writeAnswer } from './answer-writer.ts';

/**
 * Answers kept as JSON text while the data under them is unchanged (decision 023, after
 * decision 013's lan reads). Every read first asks the database for the versions of the
 * groups of tables the answer shows — triggers raise them on every change — so a kept
 * answer is never staler than the database, also with several servers on one PostgreSQL
 * database. What changes with time alone (a month ending, a lan starting) gives the
 * answer an end (`validUntil`).
 */
export type KeptAnswers<Answer = string> = {
  /**
   * `scope`: the request, whose reads then share one look at the versions. `fill` is
   * handed the answer kept before (stale), for an answer that is cheaper brought up to date
   * than made anew.
   */
  read(key: string, depends: AnswerDepends, fill: Fill<Answer>, scope?: object): Promise<Answer>;
};

/** Kept answers whose dependencies are fixed by their maker: a key and a fill only. */
export type KeptReads<Answer> = {
  read(key: string, fill: () => Promise<Answer>, scope?: object): Promise<Answer>;
};

export type AnswerDepends = {
  groups: readonly DataGroup[];
  /** When the answer goes stale without a write, in ms since the epoch; default never. */
  validUntil?: (now: Date) => number | Promise<number>;
};

type Entry<Answer> = { answer: Answer; version: string; validUntil: number };

type Fill<Answer> = (previous: Answer | undefined) => Promise<Answer>;

export function createKeptAnswers<Answer = string>(
  db: AppDatabase,
  { maximum = 500, now = () => new Date() }: { maximum?: number; now?: () => Date } = {},
): KeptAnswers<Answer> {
  const entries = new Map<string, Entry<Answer>>();
  // At most one build of a key at a time: readers missing together share it, and while
  // writes come fast (seats picked in a burst) a key is built once per build time rather
  // than once per version, each reader waiting for at most the build under way and the
  // next. `started` counts a key's builds, so a reader knows which began after its look.
  const filling = new Map<string, { started: number; entry: Promise<Entry<Answer>> }>();
  const started = new Map<string, number>();

  async function fillEntry(key: string, depends: AnswerDepends, fill: Fill<Answer>) {
    // Read here, after every waiting reader's own look: the answer is at least that new.
    const version = await readDataVersions(db, depends.groups);
    const validUntil = (await depends.validUntil?.(now())) ?? Number.POSITIVE_INFINITY;
    const entry = { answer: await fill(entries.get(key)?.answer), version, validUntil };
    entries.delete(key);
    if (entries.size >= maximum) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
    return entry;
  }

  function startFill(key: string, depends: AnswerDepends, fill: Fill<Answer>) {
    const number = (started.get(key) ?? 0) + 1;
    started.set(key, number);
    const building = { started: number, entry: fillEntry(key, depends, fill) };
    filling.set(key, building);
    void building.entry
      .finally(() => {
        if (filling.get(key) === building) filling.delete(key);
      })
      .catch(() => {});
    return building;
  }

  return {
    async read(key, depends, fill, scope) {
      // The versions are read before the data, so a change committed in between only
      // makes the next reader fill again; it can never pin old data to a new version.
      const version = await readDataVersions(db, depends.groups, scope);
      const known = entries.get(key);
      if (known && known.version === version && now().getTime() < known.validUntil) {
        return known.answer;
      }
      // A build begun after this point read the versions after this reader did.
      const lookedAfter = started.get(key) ?? 0;
      let waited: { started: number } | undefined;
      for (;;) {
        const current = filling.get(key);
        const building = current && current !== waited ? current : startFill(key, depends, fill);
        const covers = building.started > lookedAfter;
        try {
          const entry = await building.entry;
          if (covers || entry.version === version) return entry.answer;
        } catch (error) {
          if (covers) throw error;
        }
        // Begun before this reader looked, from older data: the next build is theirs.
        waited = building;
      }
    },
  };
}

/**
 * The key of a read kept by its request: the route, and its parameters and query as the
 * route validated them (unknown query parameters dropped; a route without a query schema
 * reads none), then `parts`, what else the answer depends on (the viewer). Never the URL as
 * sent: a parameter the route ignores (`?x=1`, `?x=2`, … one per request) would build the
 * answer anew each time, and anyone could keep the server busy so.
 */
export function keyOfRead(request: FastifyRequest, ...parts: readonly (string | number)[]): string {
  const { url, schema } = request.routeOptions;
  const query = schema?.querystring ? request.query : {};
  return JSON.stringify([url, request.params, query, ...parts]);
}

/**
 * Sends the answer kept for the request (keyed by keyOfRead with `parts`: what else than
 * the request it depends on, such as the viewer), made by `build` and written by `schema`
 * when none is kept or it is stale.
 */
export async function sendKept<Schema extends z.ZodType>(
  answers: KeptAnswers<JsonBytes>,
  request: FastifyRequest,
  reply: FastifyReply,
  read: { depends: AnswerDepends; schema: Schema; parts?: readonly (string | number)[] },
  build: () => Promise<z.input<Schema>>,
): Promise<FastifyReply> {
  const key = keyOfRead(request, ...(read.parts ?? []));
  const json = await answers.read(
    key,
    read.depends,
    async () => toJson(read.schema, await build()),
    request,
  );
  return sendJson(reply, json);
}

/**
 * A kept JSON answer, as the bytes sent: encoded once when it is made rather than on every
 * request (a large answer's encoding was a good part of sending it).
 */
export type JsonBytes = Buffer;

/** What the answer sends of a value, by its schema: unknown keys dropped, types checked. */
export function toJson<Schema extends z.ZodType>(
  schema: Schema,
  value: z.input<Schema>,
): JsonBytes {
  return Buffer.from(writeAnswer(schema, value));
}

/** Smaller answers go as they are: compressing them saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';

// A kept answer is compressed once per encoding, on the first request that accepts it; the
// copies go when the answer does.
const compressedCopies = new WeakMap<JsonBytes, Partial<Record<Encoding, Buffer>>>();

function compress(json: JsonBytes, encoding: Encoding): Buffer {
  const copies = compressedCopies.get(json) ?? {};
  let copy = copies[encoding];
  if (!copy) {
    // Brotli at quality 5: within a few per cent of its best on JSON, at gzip's speed.
    copy =
      encoding === 'br'
        ? brotliCompressSync(json, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
            },
          })
        : gzipSync(json, { level: 6 });
    copies[encoding] = copy;
    compressedCopies.set(json, copies);
  }
  return copy;
}

/**
 * The encoding to send for an Accept-Encoding header: Brotli, else gzip, when accepted
 * with a weight above 0 (by name or `*`); none otherwise.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => /^q=/i.test(parameter));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a kept JSON answer: its bytes with a JSON content type, not serialised again;
 * compressed (once per answer) when large and the client accepts Brotli or gzip — the
 * archive's 149 KB of lans is 12 KB in Brotli, most of a phone's wait for the page.
 */
export function sendJson(reply: FastifyReply, json: JsonBytes): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (json.length < COMPRESS_FROM_BYTES) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(json);
  return reply.header('content-encoding', encoding).send(compress(json, encoding));
}
