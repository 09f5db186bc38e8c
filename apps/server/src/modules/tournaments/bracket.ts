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

  /**
   * Where a match's round stands in its bracket: its group's number, its number, how many
   * rounds the group has and how many groups the bracket.
   */
  async roundPlaceOf(match: { round_id: number | string }) {
    const round = await this.#storage.select('round', Number(match.round_id));
    if (!round) return undefined;
    const [group, rounds, groups] = await Promise.all([
      this.#storage.select('group', round.group_id),
      this.#storage.select('round', { group_id: round.group_id }),
      this.#storage.select('group', { stage_id: round.stage_id }),
    ]);
    return {
      groupNumber: Number(group?.number ?? 1),
      roundNumber: Number(round.number),
      roundCount: rounds?.length ?? 1,
      groupCount: groups?.length ?? 1,
    };
  }

  /**
   * Draws the bracket: the entries in seed order (best first). An elimination bracket is
   * as large as the next power of two, its byes spread among the best seeds; a single
   * elimination of four or more plays for third place too (of three, a semi-final is a bye:
   * its loser is nobody, and the library finds no winner of a third-place match against
   * nobody, so three entries' standings are the final's two, then the semi-final's loser);
   * a double one ends in a grand final that the losers' bracket's winner must win twice.
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
          ? { consolationFinal: seededEntryIds.length >= 4 }
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
    await this.#skipNeedlessReset(matchId);
    await this.#written();
  }

  /** A walkover: `side` (0 or 1) gives the match away. */
  async forfeit(matchId: number, side: 0 | 1): Promise<void> {
    await this.manager.update.match({
      id: matchId,
      ...(side === 0 ? { opponent1: { forfeit: true } } : { opponent2: { forfeit: true } }),
    });
    await this.#skipNeedlessReset(matchId);
    await this.#written();
  }

  /**
   * The grand final's reset is played only when the losers' bracket's winner (its second
   * side) wins the grand final: the winners' bracket's winner has lost once then, as the
   * other has. The library readies the reset whatever the result, and would have the
   * tournament wait for a match its standings ignore (they follow the grand final when its
   * first side won it); so when the first side wins, the reset goes back to waiting with
   * nobody in it, as before the grand final was played — which an undo of the grand final
   * leaves it as too, and a second side's win then readies it.
   */
  async #skipNeedlessReset(matchId: number): Promise<void> {
    const match = await this.#storage.select('match', matchId);
    if (!match || helpers.getMatchResult(match) !== 'opponent1') return;
    const [stage, group, round] = await Promise.all([
      this.#storage.select('stage', Number(match.stage_id)),
      this.#storage.select('group', Number(match.group_id)),
      this.#storage.select('round', Number(match.round_id)),
    ]);
    const isGrandFinal =
      stage?.type === 'double_elimination' && group?.number === 3 && round?.number === 1;
    if (!isGrandFinal) return;
    const [resetRound] =
      (await this.#storage.select('round', { group_id: Number(match.group_id), number: 2 })) ?? [];
    if (!resetRound) return;
    const [reset] =
      (await this.#storage.select('match', { round_id: Number(resetRound.id), number: 1 })) ?? [];
    if (!reset || isSettled(reset.status)) return;
    await this.#storage.update('match', reset.id, {
      ...reset,
      opponent1: { id: null },
      opponent2: { id: null },
      status: matchStatus.locked,
    });
  }

  /**
   * The settled matches that followed this one, those first that followed them (the order
   * to reset them in): a result corrected sends different sides onwards.
   */
  async laterResults(matchId: number): Promise<LibraryMatch[]> {
    if (await this.#isRoundRobin(matchId)) return [];
    const later: LibraryMatch[] = [];
    const seen = new Set<number>();
    const visit = async (id: number) => {
      for (const next of await this.manager.find.nextMatches(id)) {
        const nextId = Number(next.id);
        if (seen.has(nextId)) continue;
        seen.add(nextId);
        if (next.status < matchStatus.running) continue;
        await visit(nextId);
        // A match won against a bye was not played: nothing to take back, but its winner
        // went on, so what they played after it is (a losers' bracket's first round).
        if (!isByeCompleted(next)) later.push(next);
      }
    };
    await visit(matchId);
    return later;
  }

  /** The matches right after this one (where its sides go next). */
  async nextMatchIds(matchId: number): Promise<number[]> {
    if (await this.#isRoundRobin(matchId)) return [];
    return (await this.manager.find.nextMatches(matchId)).map((next) => Number(next.id));
  }

  /**
   * Takes a match's result back, as if it had not been played; what followed must be taken
   * back first. The library's undo (`reset.matchResults`) takes back the result but keeps
   * the scores, leaving the match "running", which locks the match before it against an
   * undo of its own: so the scores go too, the status is worked out again by the library's
   * own rule, and the matches before it, archived once it was played, are settled again.
   * A round robin's matches lead nowhere: the library would look for the next ones as in
   * an elimination bracket's (and find a match of the next round "locked", or none), so
   * only the match itself is taken back.
   */
  async undo(matchId: number): Promise<void> {
    const isRoundRobin = await this.#isRoundRobin(matchId);
    if (!isRoundRobin) await this.manager.reset.matchResults(matchId);
    const match = await this.#storage.select('match', matchId);
    if (!match) return;
    const cleared = {
      ...match,
      opponent1: unscored(match.opponent1),
      opponent2: unscored(match.opponent2),
    };
    cleared.status = helpers.getMatchStatus(cleared);
    await this.#storage.update('match', matchId, cleared);
    if (isRoundRobin) return this.#written();
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
    if (format === 'double_elimination') {
      const groups = (await this.#storage.select('group', { stage_id: stageId })) ?? [];
      // Of two, the library draws the winners' bracket alone (one match) and ranks nothing.
      if (groups.length === 1) return this.#standingsOfOneMatch(stageId);
    }
    const items =
      format === 'round_robin'
        ? await this.manager.get.finalStandings(stageId, {
            rankingFormula: (item) => 3 * item.wins + item.draws,
          })
        : await this.manager.get.finalStandings(stageId);
    return items.map((item) => ({ entryId: Number(item.id), rank: item.rank }));
  }

  /** Whether a match is of a round robin, where no match leads to another. */
  async #isRoundRobin(matchId: number): Promise<boolean> {
    const match = await this.#storage.select('match', matchId);
    if (!match) return false;
    const stage = await this.#storage.select('stage', Number(match.stage_id));
    return stage?.type === 'round_robin';
  }

  /** The standings of a bracket of one match: its winner first, its loser second. */
  async #standingsOfOneMatch(stageId: number): Promise<{ entryId: number; rank: number }[]> {
    const [final] = (await this.#storage.select('match', { stage_id: stageId })) ?? [];
    if (!final) return [];
    return [helpers.getWinner(final), helpers.getLoser(final)].flatMap((side, index) =>
      side?.id == null ? [] : [{ entryId: Number(side.id), rank: index + 1 }],
    );
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
