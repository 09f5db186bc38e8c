import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './text-guard.ts';

/** `value` inside `depth` arrays or objects by turns, built without recursion. */
function bury(value: unknown, depth: number): unknown {
  let buried = value;
  for (let level = 0; level < depth; level += 1) {
    buried = level % 2 === 0 ? [buried] : { a: buried };
  }
  return buried;
}

describe('findNulCharacter', () => {
  it('names the first field holding a NUL, in the order of the value', () => {
    expect(findNulCharacter({ a: 'fine', b: ['x', 'y\0'], c: 'z\0' })).toBe('b.1');
    expect(findNulCharacter({ a: { 'k\0': 1 }, b: 'z\0' })).toBe('a.k\0');
    expect(findNulCharacter('\0')).toBe('');
    expect(findNulCharacter({ a: 'fine', b: [1, null, true, { c: 'd' }] })).toBeUndefined();
    expect(findNulCharacter(Buffer.from([0]))).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });

  it('walks a value 100,000 levels deep without overflowing the stack', () => {
    const depth = 100_000;
    const deep = bury('x\0y', depth);
    const path = findNulCharacter(deep);
    expect(path?.split('.')).toHaveLength(depth);
    expect(path?.startsWith('a.0.a.0.')).toBe(true);
    expect(findNulCharacter(bury('clean', depth))).toBeUndefined();
  });

  it('finds a NUL key 100,000 levels deep', () => {
    const deep = bury({ 'bad\0key': 1 }, 100_000);
    expect(findNulCharacter(deep)?.endsWith('.bad\0key')).toBe(true);
  });
});
