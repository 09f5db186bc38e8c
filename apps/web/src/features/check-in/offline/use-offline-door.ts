import type { DoorList } from '@lanparty/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';
import { afterOfflineCheckIn, answerFromList, type OfflineAnswer } from './door-answer.ts';
import { keepDoorList, queuedScans, queueScan, readDoorList } from './door-store.ts';
import { type SyncedScan, syncQueuedScans } from './door-sync.ts';

/** How often a door with queued scans tries to send them, beside the browser's `online`. */
const syncEveryMs = 10_000;
/** How often an online door reads its list again (check-ins at the other doors). */
const refreshListEveryMs = 120_000;

export type OfflineDoor = {
  /** The door list kept on this phone, or undefined: none read yet. */
  list: DoorList | undefined;
  /** Scans waiting to be sent. */
  queued: number;
  /** Whether scans are being sent now. */
  isSyncing: boolean;
  /** What the last sync came to: each scan sent, checked in or refused. */
  synced: readonly SyncedScan[];
  /** Whether a scan now should be answered from the list and queued (offline, or a queue). */
  shouldQueue: () => boolean;
  /** Answers a code from the list and, when it is in, queues it; undefined without a list. */
  checkInOffline: (
    code: string,
    paid: boolean,
  ) => Promise<{ answer: OfflineAnswer; asOf: string } | undefined>;
};

/**
 * The door offline (issue 53 §2): opened online, it reads the lan's door list and keeps it
 * on the phone; while the site cannot be reached, a code is answered from that list and
 * queued with the time it was scanned; back online, the queue is sent by itself in order
 * (on the browser's `online`, and every 10 s while scans wait), and what each came to shown.
 */
export function useOfflineDoor(lanId: number): OfflineDoor {
  const queryClient = useQueryClient();
  const [list, setList] = useState<DoorList>();
  const [queued, setQueued] = useState(0);
  const [isSyncing, setIsSyncing] = useState(false);
  const [synced, setSynced] = useState<readonly SyncedScan[]>([]);
  const queuedRef = useRef(0);
  const syncingRef = useRef(false);

  // Without IndexedDB (a private window that refuses it) the door works online only.
  const countQueued = useCallback(async () => {
    const count = (await queuedScans(lanId).catch(() => [])).length;
    queuedRef.current = count;
    setQueued(count);
    return count;
  }, [lanId]);

  const refreshList = useCallback(async () => {
    try {
      const fresh = await apiRequest<DoorList>(`/api/lans/${lanId}/door-list`);
      await keepDoorList(lanId, fresh);
      setList(fresh);
    } catch {
      // Offline the kept list stands; a refusal (403, 404) is the door's own page's to show.
    }
  }, [lanId]);

  const sync = useCallback(async () => {
    if (syncingRef.current || queuedRef.current === 0) return;
    syncingRef.current = true;
    setIsSyncing(true);
    try {
      const result = await syncQueuedScans(lanId);
      if (result.synced.length > 0) {
        setSynced((shown) => [...result.synced, ...shown].slice(0, 50));
        await invalidateLans(queryClient);
        await refreshList();
      }
    } catch (error) {
      console.warn('The door’s queued scans could not be read.', error);
    } finally {
      syncingRef.current = false;
      setIsSyncing(false);
      await countQueued();
    }
  }, [lanId, queryClient, refreshList, countQueued]);

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const kept = await readDoorList(lanId).catch(() => undefined);
      if (isCurrent && kept) setList(kept);
      await countQueued();
      if (isCurrent) await refreshList();
      if (isCurrent) await sync();
    })();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const syncTimer = setInterval(() => void sync(), syncEveryMs);
    const listTimer = setInterval(() => {
      if (queuedRef.current === 0) void refreshList();
    }, refreshListEveryMs);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', onOnline);
      clearInterval(syncTimer);
      clearInterval(listTimer);
    };
  }, [lanId, countQueued, refreshList, sync]);

  const checkInOffline = useCallback(
    async (code: string, paid: boolean) => {
      const kept = await readDoorList(lanId).catch(() => undefined);
      if (!kept) return undefined;
      const answer = answerFromList(kept, code, paid);
      // Refused, money to take, or in already by the list: nothing to send.
      if (answer.kind !== 'present' || answer.firstAt) return { answer, asOf: kept.asOf };
      const moment = new Date();
      await queueScan({ lanId, code, paid, scannedAt: moment.toISOString() });
      const updated = afterOfflineCheckIn(kept, answer.ticket, moment);
      await keepDoorList(lanId, updated);
      setList(updated);
      await countQueued();
      return { answer, asOf: kept.asOf };
    },
    [lanId, countQueued],
  );

  const shouldQueue = useCallback(() => !navigator.onLine || queuedRef.current > 0, []);

  return { list, queued, isSyncing, synced, shouldQueue, checkInOffline };
}
