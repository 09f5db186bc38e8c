import type { DoorList } from '@lanparty/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { doorDatabaseName } from '../../../lib/offline/offline-data.ts';

/** A scan made while the site could not be reached, waiting to be sent (in order). */
export type QueuedScan = {
  id?: number;
  lanId: number;
  /** The code as scanned or typed (sent as it was: the server reads it leniently). */
  code: string;
  /** Whether the door took the money of an Accepted ticket. */
  paid: boolean;
  /** When it was scanned, by this phone's clock (ISO). */
  scannedAt: string;
};

interface DoorDatabase extends DBSchema {
  lists: { key: number; value: DoorList & { lanId: number } };
  scans: { key: number; value: QueuedScan; indexes: { byLan: number } };
}

/*
 * What a door keeps on the phone (issue 53 §2), in IndexedDB through `idb`: the door list of
 * each lan it opened (codes as hashes only) and the scans it queued while offline. Deleted
 * on signing out (lib/offline/offline-data.ts).
 */

let opened: Promise<IDBPDatabase<DoorDatabase>> | undefined;

function database(): Promise<IDBPDatabase<DoorDatabase>> {
  opened ??= openDB<DoorDatabase>(doorDatabaseName, 1, {
    upgrade(db) {
      db.createObjectStore('lists', { keyPath: 'lanId' });
      const scans = db.createObjectStore('scans', { keyPath: 'id', autoIncrement: true });
      scans.createIndex('byLan', 'lanId');
    },
    // Signing out deletes the database: let go of it, and open it again when next asked.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
    terminated() {
      opened = undefined;
    },
  });
  return opened;
}

export async function readDoorList(lanId: number): Promise<DoorList | undefined> {
  return (await database()).get('lists', lanId);
}

export async function keepDoorList(lanId: number, list: DoorList): Promise<void> {
  await (await database()).put('lists', { ...list, lanId });
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await database()).add('scans', scan);
}

/** The lan's queued scans in the order they were made. */
export async function queuedScans(lanId: number): Promise<QueuedScan[]> {
  const scans = await (await database()).getAllFromIndex('scans', 'byLan', lanId);
  return scans.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function dropScan(id: number): Promise<void> {
  await (await database()).delete('scans', id);
}
