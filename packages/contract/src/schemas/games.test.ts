import { describe, expect, it } from 'vitest';
import { gameSchema } from './games.ts';

describe('gameSchema', () => {
  it('accepts an id and a name', () => {
    expect(gameSchema.parse({ id: 730, name: 'Counter-Strike 2' })).toEqual({
      id: 730,
      name: 'Counter-Strike 2',
    });
  });

  it('rejects a game without a name', () => {
    expect(gameSchema.safeParse({ id: 730 }).success).toBe(false);
  });
});
