import type { TournamentFormat } from '@lanparty/contract/rules';
import { BracketsManager, type DataTypes, helpers } from 'brackets-manager';
import type { Executor } from '../../db/executor.ts';
import { BracketStorage, type MatchReports } from './bracket-storage.ts';

/**
 * The bracket of one tournament, as `brackets-manager` plays it on our tables: made at the
 * start, a match's result set or reset, walkovers, the final standings. Every call runs in
 * the caller's transaction, after the tournament's row is locked (tournaments.service.ts).
 */
export type LibraryMatch = DataTypes['match'];

/** brackets-model's Status. */
export const matchStatus = {
  locked: 0,
  waiting: 1,
  ready: 2,
  running: 3,
  completed: 4,
  archived: 5,
} as const;

/** A match whose result is in (completed, or archived once the next round began). */
export const isSettled = (status: number) =>
  status === matchStatus.completed || status === matchStatus.archived;

export class Bracket {
  readonly manager: BracketsManager;
  readonly #storage: BracketStorage;

  readonly #defersWrites: boolean;

  /**
   * `defersWrites`: changes stay in the unit of work until `flush` (many reports settled in
   * one transaction); otherwise each change is written as it is made.
   */
  constructor(db: Executor, tournamentId: number, options: { defersWrites?: boolean } = {}) {
    this.#storage = new BracketStorage(db, tournamentId);
    this.manager = new BracketsManager(this.#storage);
    this.#defersWrites = options.defersWrites ?? false;
  }

  /** Writes what changed (with `defersWrites`, before the transaction commits). */
  async flush(): Promise<void> {
    await this.#storage.flush();
  }

  async #written(): Promise<void> {
    if (!this.#defersWrites) await this.#storage.flush();
  }

  /** Holds every match at once: for many changes in one transaction. */
  async loadMatches(): Promise<void> {
    await this.#storage.loadMatches();
  }

  /** Reads a match into this unit of work (undefined: no match of this tournament). */
  async readMatch(matchId: number): Promise<LibraryMatch | undefined> {
    return (await this.#storage.select('match', matchId)) ?? undefined;
  }

  /** A match as it stands in this unit of work (the library's fields), if held. */
  heldMatch(matchId: number): LibraryMatch | undefined {
    return this.#storage.heldMatch(matchId) as LibraryMatch | undefined;
  }

  reportsOf(matchId: number): MatchReports {
    return this.#storage.reportsOf(matchId);
  }

  setReports(matchId: number, reports: MatchReports): void {
    this.#storage.setReports(matchId, reports);
  }

  /** Where a match's round stands in its bracket (its group's number, its number, how many). */
  async roundPlaceOf(match: { round_id: number | string }) {
    const round = await this.#storage.select('round', Number(match.round_id));
    if (!round) return undefined;
    const [group, rounds] = await Promise.all([
      this.#storage.select('group', round.group_id),
      this.#storage.select('round', { group_id: round.group_id }),
    ]);
    return {
      groupNumber: Number(group?.number ?? 1),
      roundNumber: Number(round.number),
      roundCount: rounds?.length ?? 1,
    };
  }

  /**
   * Draws the bracket: the entries in seed order (best first). An elimination bracket is
   * as large as the next power of two, its byes spread among the best seeds; a single
   * elimination plays for third place too, a double one ends in a grand final that the
   * losers' bracket's winner must win twice.
   */
  async create(
    tournament: { id: number; name: string; format: TournamentFormat },
    seededEntryIds: readonly number[],
  ): Promise<void> {
    if (tournament.format === 'round_robin') {
      await this.manager.create.stage({
        tournamentId: tournament.id,
        name: tournament.name,
        type: 'round_robin',
        seedingIds: [...seededEntryIds],
        settings: { groupCount: 1, size: seededEntryIds.length, roundRobinMode: 'simple' },
      });
      await this.#written();
      return;
    }
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, seededEntryIds.length)));
    const seeding: (number | null)[] = [...seededEntryIds];
    while (seeding.length < size) seeding.push(null);
    await this.manager.create.stage({
      tournamentId: tournament.id,
      name: tournament.name,
      type: tournament.format,
      seedingIds: seeding,
      settings: {
        size,
        balanceByes: true,
        seedOrdering: ['inner_outer'],
        ...(tournament.format === 'single_elimination'
          ? { consolationFinal: size >= 4 }
          : { grandFinal: 'double' }),
      },
    });
    await this.#written();
  }

  /** Ends a match with these scores (the first side's first); equal scores are a draw. */
  async setScores(matchId: number, [a, b]: readonly [number, number]): Promise<void> {
    const [first, second] =
      a > b
        ? (['win', 'loss'] as const)
        : a < b
          ? (['loss', 'win'] as const)
          : (['draw', 'draw'] as const);
    await this.manager.update.match({
      id: matchId,
      opponent1: { score: a, result: first },
      opponent2: { score: b, result: second },
    });
    await this.#written();
  }

  /** A walkover: `side` (0 or 1) gives the match away. */
  async forfeit(matchId: number, side: 0 | 1): Promise<void> {
    await this.manager.update.match({
      id: matchId,
      ...(side === 0 ? { opponent1: { forfeit: true } } : { opponent2: { forfeit: true } }),
    });
    await this.#written();
  }

  /**
   * The settled matches that followed this one, those first that followed them (the order
   * to reset them in): a result corrected sends different sides onwards.
   */
  async laterResults(matchId: number): Promise<LibraryMatch[]> {
    const later: LibraryMatch[] = [];
    const seen = new Set<number>();
    const visit = async (id: number) => {
      for (const next of await this.manager.find.nextMatches(id)) {
        const nextId = Number(next.id);
        if (seen.has(nextId)) continue;
        seen.add(nextId);
        if (next.status < matchStatus.running || isByeCompleted(next)) continue;
        await visit(nextId);
        later.push(next);
      }
    };
    await visit(matchId);
    return later;
  }

  /** The matches right after this one (where its sides go next). */
  async nextMatchIds(matchId: number): Promise<number[]> {
    return (await this.manager.find.nextMatches(matchId)).map((next) => Number(next.id));
  }

  /**
   * Takes a match's result back, as if it had not been played; what followed must be taken
   * back first. The library's undo (`reset.matchResults`) takes back the result but keeps
   * the scores, leaving the match "running", which locks the match before it against an
   * undo of its own: so the scores go too, the status is worked out again by the library's
   * own rule, and the matches before it, archived once it was played, are settled again.
   */
  async undo(matchId: number): Promise<void> {
    await this.manager.reset.matchResults(matchId);
    const match = await this.#storage.select('match', matchId);
    if (!match) return;
    const cleared = {
      ...match,
      opponent1: unscored(match.opponent1),
      opponent2: unscored(match.opponent2),
    };
    cleared.status = helpers.getMatchStatus(cleared);
    await this.#storage.update('match', matchId, cleared);
    for (const previous of await this.manager.find.previousMatches(matchId))
      if (previous.status === matchStatus.archived)
        await this.#storage.update('match', previous.id, {
          ...previous,
          status: matchStatus.completed,
        });
    await this.#written();
  }

  /**
   * The final standings, best first: of an elimination bracket as the library ranks it; of
   * a round robin by points (3 a win, 1 a draw), then games won.
   */
  async finalStandings(
    stageId: number,
    format: TournamentFormat,
  ): Promise<{ entryId: number; rank: number }[]> {
    const items =
      format === 'round_robin'
        ? await this.manager.get.finalStandings(stageId, {
            rankingFormula: (item) => 3 * item.wins + item.draws,
          })
        : await this.manager.get.finalStandings(stageId);
    return items.map((item) => ({ entryId: Number(item.id), rank: item.rank }));
  }
}

/** A side without its score and result: who, and where they were seeded. */
function unscored(side: LibraryMatch['opponent1']): LibraryMatch['opponent1'] {
  if (side === null) return null;
  return { id: side.id, ...(side.position === undefined ? {} : { position: side.position }) };
}

/** A match won because the other side is a bye: nothing was played. */
export function isByeCompleted(match: Pick<LibraryMatch, 'opponent1' | 'opponent2' | 'status'>) {
  return isSettled(match.status) && (match.opponent1 === null || match.opponent2 === null);
}
