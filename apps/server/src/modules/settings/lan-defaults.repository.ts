import type { Executor } from '../../db/executor.ts';

/** The prices a new lan starts with, in cents, as the settings table keeps them. */
export type LanDefaultCents = { lanPrice: number; membersLanPrice: number };

/** Prices a new lan starts with until an administrator sets them: €30, €25 for members. */
export const fallbackLanDefaultCents: LanDefaultCents = { lanPrice: 3000, membersLanPrice: 2500 };

const keys = { lanPrice: 'lanPrice', membersLanPrice: 'membersLanPrice' } as const;

/** The lan defaults from the settings table; stored as integer cents. */
export async function readLanDefaultCents(db: Executor): Promise<LanDefaultCents> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [keys.lanPrice, keys.membersLanPrice])
    .execute();
  const cents = (key: string, fallback: number) => {
    const stored = Number(rows.find((row) => row.key === key)?.value);
    return Number.isInteger(stored) ? stored : fallback;
  };
  return {
    lanPrice: cents(keys.lanPrice, fallbackLanDefaultCents.lanPrice),
    membersLanPrice: cents(keys.membersLanPrice, fallbackLanDefaultCents.membersLanPrice),
  };
}

export async function saveLanDefaultCents(db: Executor, defaults: LanDefaultCents): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [key, cents] of [
      [keys.lanPrice, defaults.lanPrice],
      [keys.membersLanPrice, defaults.membersLanPrice],
    ] as const) {
      const value = String(cents);
      await trx
        .insertInto('settings')
        .values({ key, value, modification_date: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value, modification_date: now }),
        )
        .execute();
    }
  });
}
