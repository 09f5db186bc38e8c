import { describe, expect, it } from 'vitest';
import { isNewSighting, READ_AGAIN_AFTER_MS } from './start-qr-scanner.ts';

describe('isNewSighting', () => {
  it('reads a code once while it stays in view, frame after frame', () => {
    const lastSeen = new Map<string, number>();
    const reads = [0, 150, 300, 450, 5000, 5150].map((now) => isNewSighting(lastSeen, 'A', now));
    // In view from 0 to 450 and again from 5000 to 5150: two reads.
    expect(reads).toEqual([true, false, false, false, true, false]);
  });

  it('reads the next ticket at once, and the first again once it was out of sight', () => {
    const lastSeen = new Map<string, number>();
    expect(isNewSighting(lastSeen, 'A', 0)).toBe(true);
    expect(isNewSighting(lastSeen, 'B', 300)).toBe(true);
    expect(isNewSighting(lastSeen, 'A', READ_AGAIN_AFTER_MS - 1)).toBe(false);
    expect(isNewSighting(lastSeen, 'A', 2 * READ_AGAIN_AFTER_MS)).toBe(true);
  });
});
