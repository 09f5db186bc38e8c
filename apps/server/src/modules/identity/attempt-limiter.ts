export type AttemptLimiter = {
  /** Counts an attempt; false when the key has used up its attempts for this window. */
  tryAttempt(key: string): boolean;
};

/**
 * Counts attempts per key in fixed windows, in this process's memory. Password guessing
 * needs thousands of tries, so a per-process count (several servers each allow their
 * share) still stops it; a form page needs a friendly message rather than the JSON 429
 * of the API's rate limiter, which is why this is not @fastify/rate-limit.
 */
export function createAttemptLimiter(options: {
  maxAttempts: number;
  windowMs: number;
  now?: () => number;
}): AttemptLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  const forgetFinishedWindows = (time: number) => {
    for (const [key, window] of windows) {
      if (time - window.startedAt >= options.windowMs) windows.delete(key);
    }
  };
  return {
    tryAttempt(key) {
      const time = now();
      // Sweeping only when the map is large keeps each attempt cheap.
      if (windows.size > 10_000) forgetFinishedWindows(time);
      const window = windows.get(key);
      if (!window || time - window.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= options.maxAttempts;
    },
  };
}
