import { vi } from 'vitest';
import type { LiveEventsHandlers, openLiveEvents } from '../lib/live-updates/live-events.ts';

/**
 * A live update stream the test drives by hand: `open` goes to LiveUpdates in place of
 * the real event stream, `current()` is what it was told to call back (an event, a drop,
 * a reconnection), and `stop` is what it calls to close the stream.
 */
export function stubLiveEvents() {
  let handlers: LiveEventsHandlers | undefined;
  const stop = vi.fn();
  const open: typeof openLiveEvents = (given) => {
    handlers = given;
    return stop;
  };
  const current = () => {
    if (!handlers) throw new Error('The stream was not opened');
    return handlers;
  };
  return { open, stop, current };
}

export type LiveEventsStub = ReturnType<typeof stubLiveEvents>;
