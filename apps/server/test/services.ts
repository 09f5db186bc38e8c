import type { SubscriberStatus } from '@lanparty/contract';
import { afterAll, beforeAll } from 'vitest';
import { type AppDatabase, createDatabase } from '../src/db/database.ts';
import { createLanReadCache } from '../src/modules/lans/lan-read-cache.ts';
import type { LansDeps } from '../src/modules/lans/lans.service.ts';
import { afterLeavingLan } from '../src/modules/leaving/after-leaving-lan.ts';
import { insertSubscriber } from '../src/modules/subscriptions/subscribers.repository.ts';
import type { SubscribersDeps } from '../src/modules/subscriptions/subscribers.service.ts';
import type { ApiSite } from './api-site.ts';

/*
 * For the tests that call the lan and subscription services without HTTP in between, so
 * that their transactions really overlap.
 */

/** What the lan and subscription services need, on `db`: the site's pool or a second one. */
export function serviceDepsOn(
  db: AppDatabase,
  options: { isChatOn?: boolean; clock?: () => Date } = {},
): SubscribersDeps & LansDeps {
  const deps = {
    db,
    publicUrl: new URL('http://localhost/'),
    communityTimeZone: 'Europe/Amsterdam',
    isChatOn: options.isChatOn ?? true,
    reads: createLanReadCache(db),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  return {
    ...deps,
    leaveLan: (trx, lanId, userId) => afterLeavingLan(deps, trx, lanId, userId),
  };
}

/**
 * A second connection pool on the site's database, registered in the calling describe block
 * after its site (whose hooks it needs): two servers on one database. On SQLite, one file
 * with one writer, it is the site's own pool; a second one there proves nothing more.
 */
export function useSecondPool(site: ApiSite): () => AppDatabase {
  let secondDb: AppDatabase | undefined;
  beforeAll(() => {
    secondDb =
      site.config.database.kind === 'postgres' ? createDatabase(site.config.database) : site.db;
  });
  // Before the site closes: a describe block's hooks after its tests run last first.
  afterAll(async () => {
    if (secondDb && secondDb !== site.db) await secondDb.destroy();
  });
  return () => secondDb ?? site.db;
}

/**
 * A subscription stored as it stands, by the repository and not the services (which would
 * decide its status themselves): many at once, or at a chosen moment. Answers its id.
 */
export async function insertSubscriberRow(
  db: AppDatabase,
  values: {
    lanId: number;
    userId: number;
    status: SubscriberStatus;
    at: Date;
    amountDueCents?: number | null;
  },
): Promise<number> {
  const { id } = await insertSubscriber(db, values, values.at);
  if (values.amountDueCents != null) {
    await db
      .updateTable('subscribers')
      .set({ amount_due_cents: values.amountDueCents })
      .where('id', '=', id)
      .execute();
  }
  return id;
}
