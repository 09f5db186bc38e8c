import { offlineReadsCache } from '../../service-worker/offline-protocol.ts';

/** The IndexedDB database a door keeps its lists and queued scans in (features/check-in). */
export const doorDatabaseName = 'lanparty-door';

/**
 * Forgets what this browser kept for reading offline, so that a shared computer at the lan
 * keeps nobody's ticket (auth-session.ts): the API answers the service worker stored, when
 * a session ends or begins; with `door`, on signing out (and erasure), the door's lists
 * and queued scans too, which a session that merely ran out keeps until they are synced.
 */
export async function forgetOfflineData(door: boolean): Promise<void> {
  await Promise.all([
    'caches' in window ? caches.delete(offlineReadsCache) : undefined,
    door && 'indexedDB' in window ? deleteDatabase(doorDatabaseName) : undefined,
  ]);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
