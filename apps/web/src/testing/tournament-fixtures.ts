import type {
  MatchSide,
  Tournament,
  TournamentEntry,
  TournamentMatch,
  TournamentSummary,
} from '@lanparty/contract';

/*
 * Tournaments (issue 37) as the server answers them, for the web app's tests: the Quake
 * Cup of Winter Lan (lan 1), three players alone in a bracket of four, so one of them has
 * a bye. Each call builds a fresh object; a test overrides what it needs.
 */

/** A player alone: an entry named by them, they its captain, seated where given. */
export function buildSoloEntry(
  id: number,
  nickname: string,
  userId: number,
  seat: string | null = null,
): TournamentEntry {
  return {
    id,
    name: nickname,
    clan: null,
    captainId: userId,
    members: [{ userId, nickname, seat }],
    invited: [],
    checkedIn: false,
    forfeited: false,
  };
}

/** A team: its captain first among its members. */
export function buildTeamEntry(
  id: number,
  name: string,
  members: { userId: number; nickname: string; seat?: string | null }[],
): TournamentEntry {
  return {
    id,
    name,
    clan: null,
    captainId: members[0]?.userId ?? null,
    members: members.map(({ userId, nickname, seat = null }) => ({ userId, nickname, seat })),
    invited: [],
    checkedIn: false,
    forfeited: false,
  };
}

/** A side of a match: who, and once played their score and result. */
export function side(
  entryId: number | null,
  played: { score: number; result: 'win' | 'loss' | 'draw'; forfeit?: boolean } | null = null,
): MatchSide {
  return {
    entryId,
    score: played?.score ?? null,
    result: played?.result ?? null,
    forfeit: played?.forfeit ?? false,
  };
}

export function buildMatch(
  id: number,
  number: number,
  status: TournamentMatch['status'],
  sides: TournamentMatch['sides'],
  overrides: Partial<TournamentMatch> = {},
): TournamentMatch {
  return {
    id,
    number,
    status,
    bestOf: 1,
    sides,
    reports: [null, null],
    disputed: false,
    ...overrides,
  };
}

/** The Quake Cup while sign-up is open: nobody in yet, up to 16, one game a match. */
export function buildTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 7,
    lanId: 1,
    lanName: 'Winter Lan',
    name: 'Quake Cup',
    game: { id: null, name: 'Quake III Arena' },
    format: 'single_elimination',
    teamSize: 1,
    maxEntrants: 16,
    bestOf: 1,
    finalBestOf: 3,
    signUpClosesAt: null,
    checkIn: false,
    state: 'open',
    entryCount: 0,
    winner: null,
    startedAt: null,
    finishedAt: null,
    version: 1,
    entries: [],
    groups: [],
    standings: [],
    ...overrides,
  };
}

/** ada (user 11, seat A1), bob (user 12, seat A2) and cleo (user 13, seat B4). */
export const quakePlayers = (): TournamentEntry[] => [
  buildSoloEntry(1, 'ada', 11, 'A1'),
  buildSoloEntry(2, 'bob', 12, 'A2'),
  buildSoloEntry(3, 'cleo', 13, 'B4'),
];

/**
 * The Quake Cup under way: in the semi-finals ada beat bob 13–7 and cleo had a bye; the final,
 * ada against cleo, a best of 3, is to be played.
 */
export function runningQuakeCup(overrides: Partial<Tournament> = {}): Tournament {
  return buildTournament({
    state: 'running',
    entryCount: 3,
    startedAt: '2099-12-05T20:00:00+01:00',
    version: 6,
    entries: quakePlayers(),
    groups: [
      {
        id: 1,
        number: 1,
        name: 'Main bracket',
        rounds: [
          {
            id: 11,
            number: 1,
            name: 'Semi-finals',
            matches: [
              buildMatch(101, 1, 'completed', [
                side(1, { score: 13, result: 'win' }),
                side(2, { score: 7, result: 'loss' }),
              ]),
              buildMatch(102, 2, 'locked', [side(3), null]),
            ],
          },
          {
            id: 12,
            number: 2,
            name: 'Final',
            matches: [buildMatch(103, 1, 'ready', [side(1), side(3)], { bestOf: 3 })],
          },
        ],
      },
    ],
    ...overrides,
  });
}

/** The Quake Cup over: ada won the final 2–1 against cleo; bob is third. */
export function finishedQuakeCup(overrides: Partial<Tournament> = {}): Tournament {
  const running = runningQuakeCup();
  const [bracket] = running.groups;
  if (!bracket) throw new Error('The running cup has a bracket');
  const [roundOne] = bracket.rounds;
  if (!roundOne) throw new Error('The running cup has a first round');
  return {
    ...running,
    state: 'finished',
    winner: 'ada',
    finishedAt: '2099-12-05T22:00:00+01:00',
    version: 9,
    groups: [
      {
        ...bracket,
        rounds: [
          roundOne,
          {
            id: 12,
            number: 2,
            name: 'Final',
            matches: [
              buildMatch(
                103,
                1,
                'completed',
                [side(1, { score: 2, result: 'win' }), side(3, { score: 1, result: 'loss' })],
                { bestOf: 3 },
              ),
            ],
          },
        ],
      },
    ],
    standings: [
      { entryId: 1, rank: 1 },
      { entryId: 3, rank: 2 },
      { entryId: 2, rank: 3 },
    ],
    ...overrides,
  };
}

/** A tournament as its lan's list shows it. */
export function summaryOf(tournament: Tournament): TournamentSummary {
  const {
    lanName: _lanName,
    version: _version,
    entries: _entries,
    groups: _groups,
    standings: _standings,
    ...summary
  } = tournament;
  return summary;
}
