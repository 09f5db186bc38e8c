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
};

export const personalTables = {
  users: { userColumns: ['id'], onErasure: 'scrub' },
  user_roles: { userColumns: ['user_id'], onErasure: 'delete' },
  local_accounts: {
    userColumns: ['user_id'],
    secretColumns: ['password_hash'],
    onErasure: 'delete',
  },
  email_verifications: {
    userColumns: ['user_id'],
    secretColumns: ['code_hash'],
    onErasure: 'delete',
  },
  // Past subscriptions and payments stay (the organiser's accounts add up); pending ones
  // and places at lans to come go. Check-ins they did at the door stay.
  subscribers: {
    userColumns: ['user_id'],
    // The ticket's codes open the door: a copy of the export must not.
    secretColumns: ['check_in_code', 'short_code'],
    actedColumns: { checked_in_by_user_id: ['lan_id', 'checked_in_at'] },
    onErasure: 'withdraw',
  },
  // Who could not be reached names other people: not in the sender's export.
  lan_messages: {
    userColumns: ['sender_user_id'],
    secretColumns: ['unreachable'],
    onErasure: 'scrub',
  },
  // Whom queued mail and chat posts are about: erasure empties each message first.
  outbox_people: { userColumns: ['user_id'], onErasure: 'delete' },
  events: { userColumns: ['user_id'], onErasure: 'delete' },
  // A leader's clan passes to its longest member, or is disbanded.
  clan_members: { userColumns: ['user_id'], onErasure: 'withdraw' },
  // Seats of lans to come are freed; where they sat at past lans stays.
  seats: { userColumns: ['occupant_user_id'], onErasure: 'withdraw' },
  seat_swaps: { userColumns: ['from_user_id', 'to_user_id'], onErasure: 'delete' },
  announcements: { userColumns: ['author_user_id'], onErasure: 'keep' },
  play_sessions: { userColumns: ['user_id'], onErasure: 'delete' },
  // Playtime per day and its sums stay: past leaderboards and rewinds keep their totals.
  playtimes: { userColumns: ['user_id'], onErasure: 'keep' },
  playtime_months: { userColumns: ['user_id'], onErasure: 'keep' },
  playtime_days: { userColumns: ['user_id'], onErasure: 'keep' },
  playtime_years: { userColumns: ['user_id'], onErasure: 'keep' },
  playtime_user_years: { userColumns: ['user_id'], onErasure: 'keep' },
  player_totals: { userColumns: ['user_id'], onErasure: 'keep' },
  steam_profiles: { userColumns: ['user_id'], onErasure: 'delete' },
  user_badges: { userColumns: ['user_id'], onErasure: 'delete' },
  consents: { userColumns: ['user_id'], onErasure: 'delete' },
  // Entries of tournaments not yet started are left (a player alone's goes; a team's
  // captaincy passes on); where they played stays, of a "Former lanner".
  tournament_entries: { userColumns: ['captain_user_id'], onErasure: 'withdraw' },
  tournament_entry_members: { userColumns: ['user_id'], onErasure: 'withdraw' },
  // Invitations to a team are for what is to come: they go (decision 046).
  tournament_entry_invitations: { userColumns: ['user_id'], onErasure: 'delete' },
  // The record of an erasure a member administrator made: when they did. Its `reason`,
  // empty since issue 50 (free text about the erased), stays out of their export.
  erasures: { userColumns: [], actedColumns: { by_user_id: ['erased_at'] }, onErasure: 'keep' },
} as const satisfies Record<string, PersonalTable>;

export type PersonalTableName = keyof typeof personalTables;
