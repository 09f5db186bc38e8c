/**
 * Lets `action` run at most once per `intervalMs`: calls in between are dropped, not
 * queued (spec §9: clicks are throttled to one per 500 ms).
 */
export function throttle<Args extends unknown[]>(
  action: (...args: Args) => void,
  intervalMs: number,
): (...args: Args) => void {
  let lastRun = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const now = Date.now();
    if (now - lastRun < intervalMs) return;
    lastRun = now;
    action(...args);
  };
}
