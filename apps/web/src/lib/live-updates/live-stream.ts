/**
 * The live stream's code — its reader and parser, and which queries each event touches —
 * as one chunk that LiveUpdates loads after the first paint: the first screen does not
 * carry it (issue 36 needed its bytes).
 */
export { invalidateForEvents } from './invalidate-for-events.ts';
export { openLiveEvents } from './live-events.ts';
