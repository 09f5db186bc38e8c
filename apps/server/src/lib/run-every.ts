/**
 * Runs `task` every `intervalMs` until stopped, and once at the start when `isRunAtStart`:
 * one run at a time, a tick during a run waiting for it. A failure is `onError`'s to report;
 * the next tick runs again. The timer keeps no process alive, and `stop` waits for a run
 * that is going on.
 */
export function runEvery(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
  { isRunAtStart = false }: { isRunAtStart?: boolean } = {},
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => task()).catch(onError);
  };
  if (isRunAtStart) run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
