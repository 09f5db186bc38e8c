/** A small seeded generator (mulberry32): the same community on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    below: (limit: number) => Math.floor(next() * limit),
    /** `count` different items, in a random order. */
    pick<Item>(items: readonly Item[], count: number): Item[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as Item, copy[i] as Item];
      }
      return copy.slice(0, count);
    },
  };
}

export type Random = ReturnType<typeof createRandom>;
