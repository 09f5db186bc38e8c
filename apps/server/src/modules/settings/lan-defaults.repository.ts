import type { LanDefaults } from '@lanparty/contract';
import { centsFromEuros, eurosFromCents } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';

/** Prices a new lan starts with until an administrator sets them. */
export const fallbackLanDefaults: LanDefaults = { lanPrice: 30, membersLanPrice: 25 };

const keys = { lanPrice: 'lanPrice', membersLanPrice: 'membersLanPrice' } as const;

/** The lan defaults from the settings table; stored as integer cents. */
export async function readLanDefaults(db: Executor): Promise<LanDefaults> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [keys.lanPrice, keys.membersLanPrice])
    .execute();
  const euros = (key: string, fallback: number) => {
    const cents = Number(rows.find((row) => row.key === key)?.value);
    return Number.isInteger(cents) ? eurosFromCents(cents) : fallback;
  };
  return {
    lanPrice: euros(keys.lanPrice, fallbackLanDefaults.lanPrice),
    membersLanPrice: euros(keys.membersLanPrice, fallbackLanDefaults.membersLanPrice),
  };
}

export async function saveLanDefaults(db: Executor, defaults: LanDefaults): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [key, euros] of [
      [keys.lanPrice, defaults.lanPrice],
      [keys.membersLanPrice, defaults.membersLanPrice],
    ] as const) {
      const value = String(centsFromEuros(euros));
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
