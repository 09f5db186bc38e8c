import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pickBySchema } from './schema-picker.ts';

const player = z.object({
  id: z.number().int().positive(),
  nickname: z.string().min(1),
  role: z.enum(['Lanner', 'Member']),
  avatar: z.string().nullable(),
  steamId: z.string().optional(),
});
const board = z.object({
  month: z.literal('2026-10'),
  isClosed: z.boolean(),
  players: z.array(player),
  games: z.record(z.string(), z.number()),
  best: player.nullable(),
});

const sample = {
  players: [
    { nickname: 'Fraggle', id: 1, role: 'Lanner', avatar: null, email: 'secret@example.com' },
    { id: 2, nickname: 'Gobo', role: 'Member', avatar: 'a.png', steamId: '7656', extra: 1 },
  ],
  games: { '730': 3600, '570': 60 },
  best: { id: 1, nickname: 'Fraggle', role: 'Lanner', avatar: null, passwordHash: 'x' },
  isClosed: true,
  month: '2026-10',
  note: 'dropped',
} as const;

describe('sending a value by its schema', () => {
  it('sends what zod would: the schema’s keys in its order, unknown ones dropped at every depth', () => {
    const picked = pickBySchema(board, sample as never);
    expect(JSON.stringify(picked)).toBe(JSON.stringify(board.parse(sample)));
    expect(Object.keys(picked)).toEqual(['month', 'isClosed', 'players', 'games', 'best']);
    expect(JSON.stringify(picked)).not.toMatch(/secret|passwordHash|extra|dropped/);
  });

  it.each([
    ['a missing field', { ...sample, isClosed: undefined }, 'expected a boolean'],
    ['a number for a string', { ...sample, best: { ...sample.best, nickname: 7 } }, 'a string'],
    ['a fraction for a whole number', { ...sample, best: { ...sample.best, id: 1.5 } }, 'integer'],
    ['NaN for a number', { ...sample, games: { '730': Number.NaN } }, 'a number'],
    ['a value outside the enum', { ...sample, best: { ...sample.best, role: 'Admin' } }, 'one of'],
    ['another literal', { ...sample, month: '2026-11' }, 'one of 2026-10'],
    ['an object for an array', { ...sample, players: {} }, 'an array'],
    ['null where null is not allowed', { ...sample, players: [null] }, 'an object, got null'],
  ])('refuses %s', (_name, value, message) => {
    expect(() => pickBySchema(board, value as never)).toThrow(message);
  });

  it('leaves kinds it does not compile to zod: unions, defaults, transforms', () => {
    const schema = z.object({
      when: z.union([z.string(), z.number()]),
      count: z.number().default(3),
      shout: z.string().transform((text) => text.toUpperCase()),
      loose: z.looseObject({ a: z.number() }),
    });
    const value = { when: 5, shout: 'hi', loose: { a: 1, b: 2 }, gone: true };
    expect(pickBySchema(schema, value as never)).toEqual(schema.parse(value));
    expect(() => pickBySchema(schema, { ...value, when: true } as never)).toThrow();
  });
});
