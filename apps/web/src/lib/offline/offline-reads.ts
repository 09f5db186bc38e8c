import { communityTimeHeader } from '@lanparty/contract/rules';
import { offlineHeader } from '../../service-worker/offline-protocol.ts';

/*
 * Whether what the page shows came from the site or from what this device kept for
 * offline (issue 53): the service worker marks a kept answer (sw.ts), and every answer
 * says when it was read, on the community's clocks (communityTimeHeader). The offline
 * notice says so: "as of 18:04".
 */

let keptSince: string | null = null;
const listeners = new Set<() => void>();

/** Notes an API answer: a kept one says when it was read; one from the site ends that. */
export function noteAnswer(response: Response): void {
  const next = response.headers.get(offlineHeader)
    ? response.headers.get(communityTimeHeader)
    : null;
  if (next === keptSince) return;
  keptSince = next;
  for (const listener of listeners) listener();
}

/** When the kept answer shown last was read (community time, ISO), or null: none. */
export const readKeptSince = () => keptSince;

export function subscribeToKeptSince(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
