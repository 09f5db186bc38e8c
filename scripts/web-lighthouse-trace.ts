import type { Result } from 'lighthouse';

type Item = Record<string, unknown>;

/** Trace events in which the page's main thread runs JavaScript (Chromium's trace format). */
const scriptEvents = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
]);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
};

/**
 * Issue 33's guard: how long the page's main thread ran JavaScript between the navigation
 * and the first contentful paint, as Chromium recorded it (unthrottled), times Lighthouse's
 * CPU slowdown, the factor by which it simulates the 4× slower phone. Events nested in one
 * already counted are not counted again. The main thread is the renderer thread that
 * compiled one of the page's own scripts.
 */
export function scriptMsBeforeFirstPaint(lhr: Result, trace: { traceEvents: unknown[] }): number {
  const metrics = (lhr.audits.metrics?.details as { items?: Item[] } | undefined)?.items?.[0];
  const start = Number(metrics?.observedNavigationStartTs);
  const paint = Number(metrics?.observedFirstContentfulPaintTs);
  if (!Number.isFinite(start) || !Number.isFinite(paint)) return Number.NaN;
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const events = trace.traceEvents as TraceEvent[];
  const ownScript = events.find(
    (event) =>
      event.ts >= start &&
      ['v8.compileModule', 'v8.compile', 'EvaluateScript'].includes(event.name) &&
      (event.args?.data?.url ?? '').startsWith(origin),
  );
  if (!ownScript) return Number.NaN;
  const running = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.pid === ownScript.pid &&
        event.tid === ownScript.tid &&
        scriptEvents.has(event.name) &&
        event.ts >= start &&
        event.ts < paint,
    )
    .sort((a, b) => a.ts - b.ts);
  let counted = 0;
  let countedUntil = 0;
  for (const event of running) {
    const end = Math.min(event.ts + (event.dur ?? 0), paint);
    if (event.ts < countedUntil) continue; // inside one counted already
    counted += end - event.ts;
    countedUntil = end;
  }
  const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
  return (counted / 1000) * slowdown;
}
