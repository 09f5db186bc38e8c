import { toBoolean } from '../../db/columns.ts';
import type { DataGroup } from '../../db/data-versions.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { JsonBytes, KeptAnswers } from '../../http/kept-answers.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findLanById, type LanRow } from './lans.repository.ts';
import { findVisibleLan } from './visible-lan.ts';

/** A kept read of a lan: its JSON, and whether anyone may see it (the lan is active). */
export type KeptLanReads = KeptAnswers<{ json: JsonBytes; isPublic: boolean }>;

/**
 * A read about one lan (its schedule, its announcements), kept while the lan and `groups`
 * are unchanged, alike for everyone: `build` makes the JSON. The viewer is asked only for
 * an inactive lan (lan administrators see it, anyone else gets the 404 of no lan at all).
 */
export async function readKeptOfLan(
  deps: { db: AppDatabase; answers: KeptLanReads },
  read: { name: string; lanId: number; groups: readonly DataGroup[]; scope?: object },
  build: (lan: LanRow) => Promise<JsonBytes>,
  viewer: () => Promise<Viewer | null>,
): Promise<JsonBytes> {
  const kept = await deps.answers.read(
    `${read.name} ${read.lanId}`,
    { groups: ['lans', ...read.groups] },
    async () => {
      const lan = await findLanById(deps.db, read.lanId);
      if (!lan) return { json: Buffer.alloc(0), isPublic: false };
      return { json: await build(lan), isPublic: toBoolean(lan.is_active) };
    },
    read.scope,
  );
  if (kept.isPublic) return kept.json;
  await findVisibleLan(deps.db, await viewer(), read.lanId);
  return kept.json;
}
