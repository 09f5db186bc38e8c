import type { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { type JsonBytes, toJson } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type KeptLanReads, readKeptOfLan } from './kept-lan-reads.ts';
import { type LanCap, refuseLanCapReached } from './lan-caps.ts';
import type { LanRow } from './lans.repository.ts';
import { findVisibleLan } from './visible-lan.ts';

/** What every list of a lan's items needs: the database, the time zone, the kept reads. */
export type LanItemsDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  /** The lists read, kept while the lan and its news are unchanged. */
  answers: KeptLanReads;
  clock?: () => Date;
};

/** A list of items a lan holds (its schedule, its announcements), as stored and answered. */
export type LanItemList<Row, Item> = {
  /** The kept read's name (`schedule`), and an item's in a 404 (`schedule item`). */
  name: string;
  itemName: string;
  listSchema: z.ZodType<Item[]>;
  list: (db: Executor, lanId: number) => Promise<Row[]>;
  present: (row: Row, timeZone: string) => Item;
  /** How many the lan holds at most, and the 409's words when it holds them. */
  cap: LanCap;
  remove: (db: Executor, lanId: number, id: number) => Promise<boolean>;
};

/** What a write of an item knows: the lan (one the viewer may see), who writes, and when. */
export type LanItemWrite = { lan: LanRow; viewer: Viewer; now: Date };

/**
 * The one flow of a lan's lists (issue 35): anyone who may see the lan reads the list, kept
 * while nothing changed; lan administrators add (in the transaction that holds the lan
 * and counts its cap), change and remove, each on a lan they may see (404 otherwise), an
 * unknown item a 404.
 */
export function lanItemList<Row, Item>(items: LanItemList<Row, Item>) {
  /** Authorizes a lan administrator and finds the lan (a 404 when they may not see it). */
  const begin = async (deps: LanItemsDeps, viewer: Viewer | null, lanId: number) => {
    authorize(viewer, 'lans.manage');
    const lan = await findVisibleLan(deps.db, viewer, lanId);
    return { lan, viewer, now: deps.clock?.() ?? new Date() };
  };
  const notFound = (lanId: number, id: number) =>
    new ProblemError(404, `Lan ${lanId} has no ${items.itemName} ${id}.`);

  return {
    /** GET: the list, for anyone who may see the lan. */
    read(
      deps: LanItemsDeps,
      viewer: () => Promise<Viewer | null>,
      lanId: number,
      scope?: object,
    ): Promise<JsonBytes> {
      return readKeptOfLan(
        deps,
        { name: items.name, lanId, groups: ['news'], ...(scope ? { scope } : {}) },
        async () => {
          const rows = await items.list(deps.db, lanId);
          return toJson(
            items.listSchema,
            rows.map((row) => items.present(row, deps.communityTimeZone)),
          );
        },
        viewer,
      );
    },

    /**
     * POST: `check` refuses what may not be added (a 400, a 409) and gives what to store;
     * `insert` stores it, in the transaction that holds the lan under its cap.
     */
    async add<Fields>(
      deps: LanItemsDeps,
      viewer: Viewer | null,
      lanId: number,
      write: {
        check: (write: LanItemWrite) => Fields;
        insert: (trx: Executor, fields: Fields, write: LanItemWrite) => Promise<Row>;
      },
    ): Promise<Item> {
      const begun = await begin(deps, viewer, lanId);
      const fields = write.check(begun);
      const row = await deps.db.transaction().execute(async (trx) => {
        await refuseLanCapReached(trx, lanId, items.cap);
        return write.insert(trx, fields, begun);
      });
      return items.present(row, deps.communityTimeZone);
    },

    /** PUT: `check` as for adding; `update` stores it (undefined: no such item, a 404). */
    async change<Fields>(
      deps: LanItemsDeps,
      viewer: Viewer | null,
      lanId: number,
      id: number,
      write: {
        check: (write: LanItemWrite) => Fields;
        update: (db: Executor, fields: Fields, write: LanItemWrite) => Promise<Row | undefined>;
      },
    ): Promise<Item> {
      const begun = await begin(deps, viewer, lanId);
      const fields = write.check(begun);
      const row = await write.update(deps.db, fields, begun);
      if (!row) throw notFound(lanId, id);
      return items.present(row, deps.communityTimeZone);
    },

    /** DELETE: gone from every page that shows it. */
    async remove(
      deps: LanItemsDeps,
      viewer: Viewer | null,
      lanId: number,
      id: number,
    ): Promise<void> {
      await begin(deps, viewer, lanId);
      if (!(await items.remove(deps.db, lanId, id))) throw notFound(lanId, id);
    },
  };
}
