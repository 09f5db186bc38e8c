/**
 * Runs `task` one at a time: asked while it runs, it runs once more when it ends, however
 * often it was asked meanwhile. For work that looks at the latest state (new events, a
 * reader's roles), where a thousand wakes in a burst need one more look, not a thousand.
 * A task's failure is the task's to report: `onError` hears it and the next run goes on.
 */
export function oneAtATime(
  task: () => Promise<void>,
  onError: (error: unknown) => void,
): { run: () => void; settled: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let isAgain = false;
  const run = (): void => {
    if (running) {
      isAgain = true;
      return;
    }
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (isAgain) {
          isAgain = false;
          run();
        }
      });
  };
  return { run, settled: async () => running };
}
