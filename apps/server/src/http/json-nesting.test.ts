import { describe, expect, it } from 'vitest';
import { maximumJsonDepth, nestsDeeperThan } from './json-nesting.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects one inside the other', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[]}}', 2)).toBe(true);
    expect(nestsDeeperThan('[[1],[2],{"a":[3]}]', 3)).toBe(false);
    expect(nestsDeeperThan('[[1],[2],{"a":[3]}]', 2)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
    expect(nestsDeeperThan('[]', 0)).toBe(true);
  });

  it('stops at the limit, whatever the depth after it', () => {
    expect(
      nestsDeeperThan(
        `${'['.repeat(maximumJsonDepth)}${']'.repeat(maximumJsonDepth)}`,
        maximumJsonDepth,
      ),
    ).toBe(false);
    expect(nestsDeeperThan('['.repeat(maximumJsonDepth + 1), maximumJsonDepth)).toBe(true);
    expect(nestsDeeperThan('{"a":'.repeat(1_000_000), maximumJsonDepth)).toBe(true);
  });

  it('ignores brackets in strings, with escaped quotes and backslashes', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ 'k[[[': 1 }), 1)).toBe(false);
    // A text ending in a backslash ends at its quote: what follows counts.
    expect(nestsDeeperThan(JSON.stringify({ a: 'x\\', b: [[1]] }), 2)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: 'x\\', b: [1] }), 2)).toBe(false);
  });
});
