import {
  allTimePlayerItemSchema,
  gameLeaderboardMonthSchema,
  lanSchema,
  leaderboardMonthsSchema,
  paged,
  playerLeaderboardMonthSchema,
  rewindSummarySchema,
  rewindYearsSchema,
  subscriberSchema,
  userProfileSchema,
  userPublicSchema,
} from '@lanparty/contract';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  answerWriterOf,
  buildAnswerWritersOnStart,
  hasAnswerWriter,
  writeAnswer,
} from './answer-writer.ts';

const player = z.object({
  id: z.number().int().positive(),
  nickname: z.string().min(1),
  role: z.enum(['Lanner', 'Member']),
  avatar: z.string().nullable(),
  steamId: z.string().optional(),
  badge: z.enum(['gold', 'silver']).nullable(),
});
const board = z.object({
  month: z.literal('2026-10'),
  isClosed: z.boolean(),
  players: z.array(player),
  games: z.record(z.string(), z.number()),
  best: player.nullable(),
  place: z.object({ name: z.string() }).nullable(),
});

const sample = {
  players: [
    {
      nickname: 'Fraggle',
      id: 1,
      role: 'Lanner',
      avatar: null,
      email: 'secret@example.com',
      badge: 'gold',
    },
    {
      id: 2,
      nickname: 'Go"bo',
      role: 'Member',
      avatar: 'a.png',
      steamId: '7656',
      badge: null,
      extra: 1,
    },
  ],
  games: { '730': 3600, '570': 60.5 },
  best: { id: 1, nickname: 'Fraggle', role: 'Lanner', avatar: null, badge: null, hash: 'x' },
  isClosed: true,
  month: '2026-10',
  place: { name: 'Hall', address: 'hidden' },
  note: 'dropped',
} as const;

/** Whether zod's parse made the answer (a kind the JSON Schema path leaves to zod). */
function writtenByZod(schema: z.ZodType, value: unknown): { text: string; byZod: boolean } {
  const parse = vi.spyOn(schema, 'parse');
  try {
    const text = writeAnswer(schema, value as never);
    return { text, byZod: parse.mock.calls.length > 0 };
  } finally {
    parse.mockRestore();
  }
}

describe('writing an answer by its schema', () => {
  it('sends what zod would: the schema’s keys in its order, unknown ones dropped at every depth', () => {
    const { text, byZod } = writtenByZod(board, { ...sample, players: [...sample.players] });
    expect(byZod).toBe(false);
    expect(text).toBe(JSON.stringify(board.parse(sample)));
    expect(Object.keys(JSON.parse(text))).toEqual([
      'month',
      'isClosed',
      'players',
      'games',
      'best',
      'place',
    ]);
    expect(text).not.toMatch(/secret|hash|extra|dropped|hidden/);
  });

  it('writes a real answer of the contract as zod would, without zod', () => {
    const moment = '2026-03-14T18:00:00+01:00';
    const lan = {
      id: 3,
      name: 'Lan "3"',
      description: 'Bring a cable.\n',
      startDate: moment,
      endDate: moment,
      isActive: true,
      maximumSubcribers: 24,
      price: 27.5,
      membersPrice: 20,
      creationDate: moment,
      modificationDate: moment,
      subscribers: [],
      locationInvoiceNumber: null,
      locationIsPayed: false,
      location: { name: 'Hall', address: 'Street 1', invoice: 'hidden' },
      bannerVersion: null,
      deniedUserIds: [9],
    };
    const answer = {
      items: [lan, { ...lan, id: 4, location: null }],
      offset: 0,
      limit: 20,
      total: 2,
    };
    const { text, byZod } = writtenByZod(paged(lanSchema), answer);
    expect(byZod).toBe(false);
    expect(text).toBe(JSON.stringify(paged(lanSchema).parse(answer)));
  });

  it.each([
    ['lans', paged(lanSchema)],
    ['a lan', lanSchema],
    ['subscribers', paged(subscriberSchema)],
    ['users', paged(userPublicSchema)],
    ['the own profile', userProfileSchema],
    ['leaderboard months', leaderboardMonthsSchema],
    ['all-time players', paged(allTimePlayerItemSchema)],
    ['a player leaderboard', playerLeaderboardMonthSchema],
    ['a game leaderboard', gameLeaderboardMonthSchema],
    ['rewind years', rewindYearsSchema],
    ['a rewind', rewindSummarySchema],
  ])('writes %s, an answer the routes keep, without zod’s parse', (_name, schema) => {
    const parse = vi.spyOn(schema, 'parse');
    try {
      expect(() => writeAnswer(schema as z.ZodType, {})).toThrow('does not match its schema');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it.each([
    [
      'a missing field',
      { ...sample, isClosed: undefined },
      "must have required property 'isClosed'",
    ],
    ['a number for a string', { ...sample, best: { ...sample.best, nickname: 7 } }, 'string'],
    [
      'null for a string',
      { ...sample, players: [{ ...sample.players[1], nickname: null }] },
      'string',
    ],
    ['a string for a boolean', { ...sample, isClosed: 'yes' }, 'boolean'],
    ['a fraction for a whole number', { ...sample, best: { ...sample.best, id: 1.5 } }, 'integer'],
    ['NaN for a number', { ...sample, games: { '730': Number.NaN } }, 'number'],
    ['a value outside the enum', { ...sample, best: { ...sample.best, role: 'Admin' } }, 'allowed'],
    [
      'a value outside a nullable enum',
      { ...sample, best: { ...sample.best, badge: 'tin' } },
      'allowed',
    ],
    ['another literal', { ...sample, month: '2026-11' }, 'constant'],
    ['an object for an array', { ...sample, players: {} }, 'array'],
    ['null where null is not allowed', { ...sample, players: [null] }, 'object'],
  ])('refuses %s rather than sending something else', (_name, value, message) => {
    expect(() => writeAnswer(board, value as never)).toThrow(message);
  });

  it('leaves to zod what its JSON Schema cannot send as zod does: unions, defaults, transforms, dates', () => {
    const schemas = {
      union: z.object({ when: z.union([z.string(), z.object({ at: z.number() })]) }),
      default: z.object({ count: z.number().default(3) }),
      transform: z.object({ shout: z.string().transform((text) => text.toUpperCase()) }),
      pipe: z.object({ n: z.string().transform(Number).pipe(z.number()) }),
      date: z.object({ on: z.date() }),
    };
    const values = {
      union: { when: { at: 5, gone: true } },
      default: {},
      transform: { shout: 'hi' },
      pipe: { n: '42' },
      date: { on: new Date(0) },
    };
    for (const [kind, schema] of Object.entries(schemas)) {
      const value = values[kind as keyof typeof values];
      const { text, byZod } = writtenByZod(schema, value);
      expect({ kind, byZod, text }).toEqual({
        kind,
        byZod: true,
        text: JSON.stringify(schema.parse(value)),
      });
    }
    expect(() => writeAnswer(schemas.union, { when: true } as never)).toThrow();
  });

  it('keeps a loose object’s other keys and follows a schema that refers to itself, as zod does', () => {
    type Folder = { name: string; folders: Folder[] };
    const folder: z.ZodType<Folder> = z.object({
      name: z.string(),
      get folders() {
        return z.array(folder);
      },
    });
    const schema = z.object({ meta: z.looseObject({ a: z.number() }), root: folder });
    const value = {
      meta: { a: 1, b: 'kept' },
      root: { name: 'a', secret: 1, folders: [{ name: 'b', folders: [], secret: 2 }] },
    };
    const { text, byZod } = writtenByZod(schema, value);
    expect(byZod).toBe(false);
    expect(text).toBe(JSON.stringify(schema.parse(value)));
  });

  it('refuses a key an enum’s record does not have, as zod does, rather than sending it', () => {
    const schema = z.object({ seats: z.record(z.enum(['front', 'back']), z.number()) });
    const { text, byZod } = writtenByZod(schema, { seats: { front: 2, back: 3 } });
    expect(byZod).toBe(false);
    expect(text).toBe('{"seats":{"front":2,"back":3}}');
    expect(() => writeAnswer(schema, { seats: { front: 2, back: 3, vip: 1 } } as never)).toThrow(
      'must be equal to one of the allowed values',
    );
  });

  it('is built once per schema', () => {
    expect(answerWriterOf(board)).toBe(answerWriterOf(board));
  });
});

describe('building the answer writers while the app starts', () => {
  it('builds the writers of each route’s answers as the route is added, before any request', async () => {
    const answer = z.object({ seats: z.number().int(), name: z.string() });
    const created = z.object({ id: z.number().int() });
    const refused = z.object({ title: z.string() });
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    buildAnswerWritersOnStart(app);
    await app.register(async (routes) => {
      routes.get('/seats', { schema: { response: { 200: answer, 404: refused } } }, async () => ({
        seats: 3,
        name: 'Hall',
      }));
      routes.post('/seats', { schema: { response: { '2xx': created } } }, async () => ({ id: 1 }));
    });
    await app.ready();
    try {
      expect([answer, created].map(hasAnswerWriter)).toEqual([true, true]);
      // A problem is not an answer: its writer is not built.
      expect(hasAnswerWriter(refused)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
