/** One release of Lanparty as the changelog shows it. */
export type Release = {
  /** A calendar version, `year.major.minor` (checked by the contract's parseCalVer). */
  version: string;
  /** The release day, `YYYY-MM-DD`. */
  date: string;
  changes: string[];
};

/** Every release, newest first. The newest is the version the build reports. */
export const releases: Release[] = [
  {
    version: '2025.1.1',
    date: '2025-03-08',
    changes: [
      'A play day now runs until 6 am: gaming after midnight counts for the evening it started.',
      'Leaderboards and rewinds use the new play days.',
    ],
  },
  {
    version: '2025.1.0',
    date: '2025-02-01',
    changes: [
      'The chat channel is told when a monthly leaderboard is ready.',
      'The chat channel is told when a lan is activated and subscriptions open.',
      'A subscriber hears in the chat channel when they are accepted for a lan.',
    ],
  },
  {
    version: '2024.2.0',
    date: '2024-12-20',
    changes: [
      'The yearly rewind: hours played together, favourite games, busiest days and sudden spikes.',
      'Your own favourite games and playtime in the rewind.',
    ],
  },
  {
    version: '2024.1.0',
    date: '2024-03-02',
    changes: [
      'Monthly leaderboards: a podium of the top three players and the list behind them.',
      'The ten most played games of every month.',
      'An archive of all leaderboard months, grouped by year.',
    ],
  },
  {
    version: '2023.4.0',
    date: '2023-10-14',
    changes: [
      'Your profile: personal information, with the nickname kept in sync with Steam.',
      'Email verification, and the lans you took part in.',
    ],
  },
  {
    version: '2023.3.0',
    date: '2023-07-01',
    changes: [
      'User management: administrators verify lanners and members and grant roles.',
      'The lanners page lists members and lanners separately.',
    ],
  },
  {
    version: '2023.2.0',
    date: '2023-04-22',
    changes: [
      'Lan management: administrators create, edit and activate lans.',
      'Subscribers can be accepted, denied and marked as paid and present.',
    ],
  },
  {
    version: '2023.1.1',
    date: '2023-02-18',
    changes: ['The archive of past lans.'],
  },
  {
    version: '2023.1.0',
    date: '2023-01-21',
    changes: [
      'The first Lanparty site: upcoming lans with dates, prices and open places.',
      'Lan subscription: lanners subscribe to an upcoming lan, members pay the lower price.',
    ],
  },
];
