/**
 * Every table that refers to a person, what the export shows of it and what erasing the
 * account does to it (issue 36). A test reads the database's own catalogue, on both
 * engines, and fails when a table that refers to a user is missing here: a table added
 * later without a word on export and erasure fails the build.
 */
export type PersonalTable = {
  /** The columns that name the person: a row is theirs when any of them is their id. */
  userColumns: readonly string[];
  /**
   * Columns where they acted on someone else's row (checked a person in): such a row is
   * not theirs, so the export shows only what they did (these columns), never the other's.
   */
  actedColumns?: Readonly<Record<string, readonly string[]>>;
  /**
   * Left out of the export: secrets that prove nothing to the person and would help a thief,
   * and what is about other people (the export holds only the person's own data).
   */
  secretColumns?: readonly string[];
  /**
   * On erasure: `delete` their rows; `keep` them (past facts that add up, now of a "Former
   * lanner"); `scrub` (the row stays, its personal fields cleared); `withdraw` (what is to
   * come goes, what is past stays; see erasure.ts).
   */
  onErasure: 'delete' | 'keep' | 'scrub' | 'withdraw';
  /** One sentence for the person reading their export: what this part holds. */
  about: string;
};

export const personalTables = {
  users: {
    userColumns: ['id'],
    onErasure: 'scrub',
    about:
      'Your profile: nickname, names, e-mail address, city, birth date, Steam id, since when you are a lanner, and what you let others see.',
  },
  user_roles: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about: 'Your roles on the site: Lanner, Member, and any administrator’s.',
  },
  local_accounts: {
    userColumns: ['user_id'],
    secretColumns: ['password_hash'],
    onErasure: 'delete',
    about:
      'Your username for signing in with a password (the password is kept only as a hash, left out here).',
  },
  email_verifications: {
    userColumns: ['user_id'],
    secretColumns: ['code_hash'],
    onErasure: 'delete',
    about: 'E-mail addresses you asked to verify, and when (the codes are left out).',
  },
  // Past subscriptions and payments stay (the organiser's accounts add up); pending ones
  // and places at lans to come go. Check-ins they did at the door stay.
  subscribers: {
    userColumns: ['user_id'],
    // The ticket's codes open the door: a copy of the export must not.
    secretColumns: ['check_in_code', 'short_code'],
    actedColumns: { checked_in_by_user_id: ['lan_id', 'checked_in_at'] },
    onErasure: 'withdraw',
    about:
      'Your sign-ups for lans: status, whether you were there, what you owe and when you were checked in; then the tickets you checked in at the door (only the lan and when).',
  },
  // Who could not be reached names other people: not in the sender's export.
  lan_messages: {
    userColumns: ['sender_user_id'],
    secretColumns: ['unreachable'],
    onErasure: 'scrub',
    about: 'Messages you sent to a lan’s participants.',
  },
  // Whom queued mail and chat posts are about: erasure empties each message first.
  outbox_people: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about: 'Which mail and chat posts are to you or name you (by their number in the queue).',
  },
  events: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about: 'Live updates about you (kind and numbers only), kept an hour so open pages follow.',
  },
  // A leader's clan passes to its longest member, or is disbanded.
  clan_members: {
    userColumns: ['user_id'],
    onErasure: 'withdraw',
    about: 'Your clan, your role in it and since when.',
  },
  // Seats of lans to come are freed; where they sat at past lans stays.
  seats: {
    userColumns: ['occupant_user_id'],
    onErasure: 'withdraw',
    about: 'The seats you have or had at lans, and since when.',
  },
  seat_swaps: {
    userColumns: ['from_user_id', 'to_user_id'],
    onErasure: 'delete',
    about: 'Seat swaps you asked for, or were asked.',
  },
  announcements: {
    userColumns: ['author_user_id'],
    onErasure: 'keep',
    about: 'Announcements you posted at lans.',
  },
  play_sessions: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about:
      'Your Steam play sessions as recorded: the game, when it started, was last seen and ended.',
  },
  // Playtime per day and its sums stay: past leaderboards and rewinds keep their totals.
  playtimes: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'Your Steam playtime per game and play day, in seconds.',
  },
  playtime_months: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'Your playtime per game and month, in seconds: the sums the leaderboards read.',
  },
  playtime_days: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'Your playtime per play day over all games, in seconds.',
  },
  playtime_years: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'Your playtime per game and year, in seconds: the sums the rewinds read.',
  },
  playtime_user_years: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'On how many days of each year you played.',
  },
  player_totals: {
    userColumns: ['user_id'],
    onErasure: 'keep',
    about: 'Your playtime of all time: seconds, days, games, and the last day you played.',
  },
  steam_profiles: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about: 'When your Steam games were last read, and whether Steam keeps their details private.',
  },
  user_badges: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about:
      'Your badges: the day each was earned, and when you saw it (or, earned over 30 days before the site found it, when it was found: no news).',
  },
  notices: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about:
      'What the site told you (places, payments, badges, announcements): its words, where it linked, when, and whether you saw it.',
  },
  // Orders of rounds to come go, and unpaid ones; paid ones of rounds past stay, of a
  // "Former lanner" (the organiser's money), as paid places do.
  food_orders: {
    userColumns: ['user_id'],
    onErasure: 'withdraw',
    about:
      'Your food orders at lans: the round, the total, and whether you paid (what you ordered in each is under food_order_lines).',
  },
  push_subscriptions: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about:
      'The browsers you asked to be notified on: each its push service’s address and the keys that encrypt for it, and since when.',
  },
  consents: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about:
      'Your answers to uses of your data (recording Steam playtime): the wording’s version, and when.',
  },
  // Entries of tournaments not yet started are left (a player alone's goes; a team's
  // captaincy passes on); where they played stays, of a "Former lanner".
  tournament_entries: {
    userColumns: ['captain_user_id'],
    onErasure: 'withdraw',
    about: 'Tournament entries you captain.',
  },
  tournament_entry_members: {
    userColumns: ['user_id'],
    onErasure: 'withdraw',
    about: 'The tournament entries you play in.',
  },
  // Invitations to a team are for what is to come: they go (decision 046).
  tournament_entry_invitations: {
    userColumns: ['user_id'],
    onErasure: 'delete',
    about: 'Invitations to join a team in a tournament.',
  },
  // The record of an erasure a member administrator made: when they did. Its `reason`,
  // empty since issue 50 (free text about the erased), stays out of their export.
  erasures: {
    userColumns: [],
    actedColumns: { by_user_id: ['erased_at'] },
    onErasure: 'keep',
    about: 'Accounts you erased as a member administrator: only when.',
  },
} as const satisfies Record<string, PersonalTable>;

export type PersonalTableName = keyof typeof personalTables;
