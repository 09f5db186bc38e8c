import type { QueryClient } from '@tanstack/react-query';
import type { Params } from './router/index.tsx';

/**
 * A page's first reads, as its route's `prefetch`: started as the app starts at that page
 * (app/first-screen-reads.ts). Here, below both the app and the features, so a feature's
 * chunk can hold its own pages' reads (the stats pages') without importing the app.
 */
export type Prefetch = (params: Params, queryClient: QueryClient) => void;

/** Started, not awaited: a failure is the page's to show, when it reads again. */
export const started = (reading: Promise<unknown>) => void reading.catch(() => undefined);
