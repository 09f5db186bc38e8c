import type { Game } from '@lanparty/contract';
import { countRowsOf } from '../../db/count-rows.ts';
import type { Executor } from '../../db/executor.ts';

/** Games by name, then id; `ids` narrows to these games (an empty list finds none). */
export async function listGames(
  db: Executor,
  filter: { ids?: readonly number[]; offset: number; limit: number },
): Promise<{ rows: Game[]; total: number }> {
  let query = db.selectFrom('games');
  if (filter.ids) query = query.where('id', 'in', filter.ids.length > 0 ? [...filter.ids] : [0]);
  const total = await countRowsOf(query);
  const rows = await query
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { rows, total };
}

export async function findGameById(db: Executor, id: number): Promise<Game | undefined> {
  return db.selectFrom('games').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
