import type { ClanRole, NoticeKind, Role, SeatKind, SubscriberStatus } from '@lanparty/contract';
import type { LiveEventKind } from '@lanparty/contract/rules';
import type { ColumnType, Generated } from 'kysely';

/**
 * Timestamps are ISO-8601 UTC text on SQLite and timestamptz on PostgreSQL; written
 * as ISO strings, read back through `toIsoTimestamp`.
 */
export type Timestamp = ColumnType<Date | string, string, string>;

/** Key/value settings of the community (lan defaults and the like). */
export type SettingsTable = {
  key: string;
  value: string;
  modification_date: Timestamp;
};

/** SQLite keeps booleans as 0/1; PostgreSQL as booleans. Read them with `toBoolean`. */
export type BooleanColumn = ColumnType<boolean | number, boolean, boolean>;

export type UsersTable = {
  id: Generated<number>;
  /** The identity provider's `sub` for this person; null until they first sign in. */
  subject: string | null;
  nickname: string;
  steam_id: string | null;
  steam_avatar_url: string | null;
  /** Stored lower-cased, so the unique index treats addresses case-insensitively. */
  email: string | null;
  is_email_activated: BooleanColumn;
  first_name: string | null;
  surname: string | null;
  city: string | null;
  /** yyyy-MM-dd */
  birth_date: string | null;
  creation_date: Timestamp;
  modification_date: Timestamp;
  /** When the user first had Lanner or Member; only such users are in leaderboards. */
  lanner_since: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Whether lan screens and now playing show what they play (migration 0027). */
  shows_on_screens: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Whether others see the lans they attended and their badges (migration 0029). */
  shows_history: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** When the account was erased: the row stays, anonymised, as "Former lanner" (0029). */
  erased_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
};

export type UserRolesTable = {
  user_id: number;
  role: ColumnType<Role, Role, Role>;
};

/** Username and password sign-in of the embedded identity provider. */
export type LocalAccountsTable = {
  id: Generated<number>;
  /** As typed at sign-up, for display. */
  username: string;
  /** Lower-cased, unique: `Frag` and `frag` are the same account. */
  username_key: string;
  /** `scrypt$N$r$p$salt$hash`, base64url parts. */
  password_hash: string;
  user_id: number;
  creation_date: Timestamp;
};

export type EmailVerificationsTable = {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code; the code itself exists only in the mail. */
  code_hash: string;
  /** The address the code was sent to: it verifies that address only. */
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  creation_date: Timestamp;
};

/** Mail and chat messages, written with the change that causes them, sent by a worker. */
export type OutboxTable = {
  id: Generated<number>;
  channel: 'email' | 'chat' | 'push';
  dedupe_key: string;
  /** JSON of the message. */
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  delivered_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  creation_date: Timestamp;
  /** Messages about one thing (a subscription's status); the next may cancel a waiting one. */
  thread_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the receiver knew before the thread's untold changes (decision 034). */
  thread_origin: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
};

/** The embedded identity provider's sessions, grants, codes and tokens (its adapter). */
export type OidcRecordsTable = {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
  /** The subject the record belongs to (migration 0033): found by key, not in the payload. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
};

/** The people a queued message is about (migration 0033): its recipient, and those it names. */
export type OutboxPeopleTable = {
  outbox_id: number;
  user_id: number;
  is_recipient: BooleanColumn;
};

/** Steam OpenID response nonces already accepted, so an answer cannot be replayed. */
export type UsedNoncesTable = {
  nonce: string;
  expires_at: Timestamp;
};

/** A lan party. Money in integer cents; euros only in JSON. */
export type LansTable = {
  id: Generated<number>;
  name: string;
  description: string;
  start_date: Timestamp;
  end_date: Timestamp;
  is_active: BooleanColumn;
  maximum_subscribers: number;
  price_cents: number;
  members_price_cents: number;
  location_invoice_number: string | null;
  location_is_payed: BooleanColumn;
  creation_date: Timestamp;
  modification_date: Timestamp;
  /** The venue and its address: both set or both null (a check of migration 0009). */
  location_name: string | null;
  location_address: string | null;
  /**
   * True while places freed on the lan when it was full and inactive wait for its
   * waitlist, to move up when it is active again (decision 032). False by default.
   */
  is_waitlist_held: ColumnType<boolean | number, boolean | undefined, boolean>;
};

/** A user's subscription to a lan; one per user per lan (unique index). */
export type SubscribersTable = {
  id: Generated<number>;
  lan_id: number;
  user_id: number;
  /** Pending, Accepted, Paid or Denied: inserts and updates are checked too. */
  status: ColumnType<SubscriberStatus, SubscriberStatus, SubscriberStatus>;
  /** Only for Paid subscribers: true present, false absent, null unknown. */
  present: ColumnType<boolean | number | null, boolean | null, boolean | null>;
  /** What they owe, fixed when they took a place (Accepted or Paid); null otherwise. */
  amount_due_cents: number | null;
  /** The ticket's code (Crockford base32); shown only while Accepted or Paid. */
  check_in_code: string | null;
  /** The ticket's short code, read out at the door; unique within the lan (migration 0018). */
  short_code: string | null;
  /** When they were checked in, while present; null before migration 0018 recorded it. */
  checked_in_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Who checked them in (a lan administrator), while present. */
  checked_in_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  creation_date: Timestamp;
  modification_date: Timestamp;
};

/** A lan's own payment details (decision 034); without a row the defaults apply. */
export type LanPaymentDetailsTable = {
  lan_id: number;
  account_holder: string | null;
  /** Electronic form: no spaces, upper case. */
  iban: string | null;
  /** A template that may hold {lan} and {nickname}. */
  reference: string | null;
  contact_email: string | null;
  modification_date: Timestamp;
};

/** A message sent to a lan's participants (by e-mail, and to the chat when asked). */
export type LanMessagesTable = {
  id: Generated<number>;
  lan_id: number;
  sender_user_id: number | null;
  sender_nickname: string;
  subject: string;
  body: string;
  /** JSON array of subscriber statuses. */
  statuses: string;
  chat: BooleanColumn;
  recipients: number;
  /** JSON array of nicknames without a verified e-mail address. */
  unreachable: string;
  idempotency_key: string | null;
  creation_date: Timestamp;
};

/** What changed, written by triggers, for the live updates of open tabs (migration 0008). */
export type EventsTable = {
  /** bigint on PostgreSQL (read as a string), integer on SQLite. */
  id: ColumnType<number | string, never, never>;
  /** The contract's list of kinds; the triggers are checked against it (live-event-triggers.test.ts). */
  kind: LiveEventKind;
  lan_id: number | null;
  subscriber_id: number | null;
  user_id: number | null;
  /** A clan or its members changed (migration 0021). */
  clan_id: number | null;
  /** A seat's occupant changed (migration 0022). */
  seat_id: number | null;
  /** A tournament changed (migration 0030). */
  tournament_id: number | null;
  /** Concerns a lan only lan administrators may see (migration 0015). */
  is_hidden: BooleanColumn;
  creation_date: Timestamp;
};

/** A clan (migration 0021): name and tag unique by their keys (`clanKey`). */
export type ClansTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  tag: string;
  tag_key: string;
  /** `#rrggbb`, lower case. */
  colour: string;
  /** The invite link's secret; a new one ends the old. */
  invite_code: string;
  creation_date: Timestamp;
  modification_date: Timestamp;
};

/** A person's clan: at most one (the key is the user), at most one leader a clan. */
export type ClanMembersTable = {
  user_id: number;
  clan_id: number;
  role: ColumnType<ClanRole, ClanRole, ClanRole>;
  joined_date: Timestamp;
};

/** A lan's seat plan (migration 0022): a draft until published. */
export type SeatPlansTable = {
  lan_id: number;
  opens_at: Timestamp | null;
  locks_at: Timestamp | null;
  is_published: BooleanColumn;
  /** The grid's size in cells. */
  width: number;
  height: number;
  modification_date: Timestamp;
  /** The `seating` version of its last save (0023): a map older than it is read whole. */
  changed_version: ColumnType<number | string, number | undefined, number>;
};

/** A row or table of seats, which may be kept for one clan. */
export type SeatBlocksTable = {
  id: Generated<number>;
  lan_id: number;
  name: string;
  name_key: string;
  clan_id: number | null;
};

/** A seat: at most one occupant, an occupant at most one seat per lan (unique). */
export type SeatsTable = {
  id: Generated<number>;
  lan_id: number;
  label: string;
  label_key: string;
  x: number;
  y: number;
  kind: ColumnType<SeatKind, SeatKind, SeatKind>;
  block_id: number | null;
  occupant_user_id: number | null;
  occupied_date: Timestamp | null;
  /** The `seating` version of its last change of occupant, or of its making (0023). */
  changed_version: ColumnType<number | string, number | undefined, number>;
};

/** A seated participant's request to swap seats with another (migration 0022). */
export type SeatSwapsTable = {
  id: Generated<number>;
  lan_id: number;
  from_user_id: number;
  to_user_id: number;
  creation_date: Timestamp;
  /** The seats the two held when it was asked, which it trades (0032; null: gone before). */
  from_seat_id: number | null;
  to_seat_id: number | null;
};

/** An item of a lan's schedule (migration 0025). */
export type ScheduleItemsTable = {
  id: Generated<number>;
  lan_id: number;
  start_date: Timestamp;
  end_date: Timestamp | null;
  title: string;
  place: string | null;
  kind: 'game' | 'tournament' | 'food' | 'other';
  creation_date: Timestamp;
  modification_date: Timestamp;
};

/** An announcement of a lan (migration 0026). */
export type AnnouncementsTable = {
  id: Generated<number>;
  lan_id: number;
  text: string;
  is_pinned: BooleanColumn;
  to_chat: BooleanColumn;
  author_user_id: number | null;
  creation_date: Timestamp;
};

/** What the site told a person (migration 0042, issue 53): one row per notice. */
export type NoticesTable = {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  text: string;
  link: string | null;
  is_seen: ColumnType<boolean | number, boolean | undefined, boolean>;
  creation_date: Timestamp;
};

/** A browser a person asked to be notified on (migration 0043): its push endpoint and keys. */
export type PushSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  creation_date: Timestamp;
};

/** A lan's food round (migration 0044, issue 54). */
export type FoodRoundsTable = {
  id: Generated<number>;
  lan_id: number;
  supplier: string;
  closes_at: Timestamp;
  max_per_person: number | null;
  cancelled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  arrived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  creation_date: Timestamp;
};

/** An item of a round's menu; one ordered stays, `is_removed` once off the menu. */
export type FoodItemsTable = {
  id: Generated<number>;
  round_id: number;
  name: string;
  price_cents: number;
  position: number;
  is_removed: ColumnType<boolean | number, boolean | undefined, boolean>;
};

/** A choice of an item (a size, a topping), with what it adds to the price. */
export type FoodChoicesTable = {
  id: Generated<number>;
  item_id: number;
  name: string;
  price_cents: number;
  position: number;
  is_removed: ColumnType<boolean | number, boolean | undefined, boolean>;
};

/** A person's order of a round (one per person); `user_id` null once they were erased. */
export type FoodOrdersTable = {
  id: Generated<number>;
  round_id: number;
  user_id: number | null;
  total_cents: number;
  is_paid: ColumnType<boolean | number, boolean | undefined, boolean>;
  creation_date: Timestamp;
  modification_date: Timestamp;
};

/** A line of an order: an item, how many, its price for one as ordered, a note. */
export type FoodOrderLinesTable = {
  id: Generated<number>;
  order_id: number;
  item_id: number;
  position: number;
  quantity: number;
  unit_price_cents: number;
  note: string;
};

/** The choices of an order line. */
export type FoodOrderLineChoicesTable = {
  line_id: number;
  choice_id: number;
};

/** A screen of a lan (migration 0027); its link's secret kept as its SHA-256 only. */
export type ScreensTable = {
  id: Generated<number>;
  lan_id: number;
  name: string;
  /** SHA-256 of the link's secret, hex. */
  token_hash: string;
  /** The slides shown, comma-separated, in their usual order. */
  slides: string;
  rotation_seconds: number;
  creation_date: Timestamp;
  /** When it was switched off (0038): its link says so, and it is no longer listed. */
  switched_off_date: Timestamp | null;
};

/** A tournament of a lan (migration 0030); `version` is raised by every change. */
export type TournamentsTable = {
  id: Generated<number>;
  lan_id: number;
  name: string;
  /** The Steam app id of a game the site knows; null for a game named only. */
  game_id: number | null;
  game_name: string;
  format: 'single_elimination' | 'double_elimination' | 'round_robin';
  team_size: number;
  max_entrants: number;
  best_of: number;
  final_best_of: number;
  sign_up_closes_at: Timestamp | null;
  needs_check_in: BooleanColumn;
  state: 'open' | 'running' | 'finished';
  version: Generated<number>;
  creation_date: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
};

/** An entry of a tournament: a player or a team (the bracket library's participant). */
export type TournamentEntriesTable = {
  id: Generated<number>;
  tournament_id: number;
  /** A team's name; null for a player alone. */
  name: string | null;
  clan_id: number | null;
  captain_user_id: number | null;
  is_checked_in: BooleanColumn;
  has_forfeited: BooleanColumn;
  /** Its place once the tournament is over; ties share one. */
  final_rank: number | null;
  creation_date: Timestamp;
};

export type TournamentEntryMembersTable = {
  entry_id: number;
  tournament_id: number;
  user_id: number;
};

/** A person a team's captain asked to join it, until they answer or it starts (0031). */
export type TournamentEntryInvitationsTable = {
  entry_id: number;
  tournament_id: number;
  user_id: number;
  creation_date: Timestamp;
};

/** The bracket library's tables (brackets-model's storage types), kept as it writes them. */
export type TournamentStagesTable = {
  id: Generated<number>;
  tournament_id: number;
  name: string;
  type: string;
  number: number;
  /** JSON of the library's StageSettings. */
  settings: string;
};

export type TournamentGroupsTable = { id: Generated<number>; stage_id: number; number: number };

export type TournamentRoundsTable = {
  id: Generated<number>;
  stage_id: number;
  group_id: number;
  number: number;
};

export type TournamentMatchesTable = {
  id: Generated<number>;
  tournament_id: number;
  stage_id: number;
  group_id: number;
  round_id: number;
  number: number;
  child_count: number;
  /** brackets-model's Status: 0 locked … 4 completed, 5 archived. */
  status: number;
  /** JSON of a side (brackets-model's ParticipantResult); null: a bye. */
  opponent1: string | null;
  opponent2: string | null;
  /** A side's report, `a-b`, while the match is not settled. */
  report1: string | null;
  report2: string | null;
  is_disputed: BooleanColumn;
};

export type TournamentMatchGamesTable = {
  id: Generated<number>;
  stage_id: number;
  parent_id: number;
  number: number;
  status: number;
  opponent1: string | null;
  opponent2: string | null;
};

/** A badge the server awarded from the data (migration 0029); `seen_at` once told. */
export type UserBadgesTable = {
  user_id: number;
  badge_key: string;
  /** yyyy-MM-dd, in the community's time zone. */
  earned_on: string;
  seen_at: Timestamp | null;
};

/** A person's decision about one use of their data (migration 0029). */
export type ConsentsTable = {
  user_id: number;
  kind: 'steam_playtime';
  is_given: BooleanColumn;
  /** The version of the wording they answered; 0: assumed before the site asked. */
  wording_version: number;
  decided_at: Timestamp;
};

/** An erased account's record, without personal data of the erased (migration 0029). */
export type ErasuresTable = {
  id: Generated<number>;
  erased_at: Timestamp;
  /** The member administrator who erased it; null when the person erased their own. */
  by_user_id: number | null;
  is_by_administrator: BooleanColumn;
  reason: string | null;
};

/** When a job that several servers share last ran (migration 0029). */
export type JobRunsTable = {
  name: string;
  last_run_at: Timestamp;
};

/** Raised by triggers whenever a group of tables changes (migration 0004). */
export type DataVersionsTable = {
  name: string;
  /** bigint: PostgreSQL answers a string, SQLite a number. */
  version: ColumnType<number | string, number, number>;
};

/** A Steam app; named once GetOwnedGames has told its name. */
export type GamesTable = {
  /** The Steam app id. */
  id: number;
  name: string;
  /** img_icon_url of GetOwnedGames: the icon is media/steam/apps/{id}/{hash}.jpg. */
  icon_hash: string | null;
  /** False while the name is a stand-in ("Game 730"). */
  is_named: BooleanColumn;
  creation_date: Timestamp;
  modification_date: Timestamp;
};

/** A streak of sightings of a user in a game; ended_at null while it runs. */
export type PlaySessionsTable = {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: ColumnType<Date | string | null, string | null, string | null>;
};

/** Seconds per (user, game, play day); a play day (yyyy-MM-dd) runs 06:00 to 06:00. */
export type PlaytimesTable = {
  user_id: number;
  game_id: number;
  play_day: string;
  seconds: number;
};

/** Seconds per (user, game, month yyyy-MM), written with `playtimes`. */
export type PlaytimeMonthsTable = {
  user_id: number;
  game_id: number;
  month: string;
  seconds: number;
};

/** Seconds per (user, play day), all games together, written with `playtimes`. */
export type PlaytimeDaysTable = {
  user_id: number;
  play_day: string;
  seconds: number;
};

/** The months (yyyy-MM) with playtime of a user who counts; kept by triggers (migration 0013). */
export type LannerMonthsTable = {
  month: string;
};

/** Seconds per (user, game, year); kept by triggers on `playtime_months` (migration 0020). */
export type PlaytimeYearsTable = {
  user_id: number;
  game_id: number;
  /** yyyy */
  year: string;
  /** bigint: PostgreSQL answers a string. */
  seconds: ColumnType<number | string, number, number>;
};

/** Play days per (user, year); kept by triggers on `playtime_days` (migration 0020). */
export type PlaytimeUserYearsTable = {
  user_id: number;
  /** yyyy */
  year: string;
  days: number;
};

/** Seconds per play day of every user; kept by triggers on `playtime_days` (migration 0020). */
export type PlayDayTotalsTable = {
  play_day: string;
  /** bigint: PostgreSQL answers a string. */
  seconds: ColumnType<number | string, number, number>;
};

/** All-time figures per user, written with `playtimes`. */
export type PlayerTotalsTable = {
  user_id: number;
  /** bigint: PostgreSQL answers a string. */
  seconds: ColumnType<number | string, number, number>;
  days: number;
  games: number;
  /** yyyy-MM-dd */
  last_play_day: string;
};

export type SteamProfilesTable = {
  user_id: number;
  games_checked_at: ColumnType<Date | string | null, string | null, string | null>;
  is_private: BooleanColumn;
};

export type SteamCallsTable = {
  /** yyyy-MM-dd, UTC. */
  day: string;
  method: string;
  calls: number;
};

/** Attempts per key in a fixed window (rate limits shared by every instance). */
export type AttemptCountersTable = {
  /** `{limit}:{subject}:{window number}` */
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends; bigint, PostgreSQL answers a string. */
  expires_at: ColumnType<number | string, number, number>;
};

/** Secrets every instance must share: the identity provider's signing and cookie keys (JSON). */
export type SiteSecretsTable = {
  name: string;
  value: string;
  creation_date: Timestamp;
};

/** Bytes as each driver answers them: node:sqlite a Uint8Array, pg a Buffer. */
export type BytesColumn = ColumnType<Uint8Array, Uint8Array, Uint8Array>;

/** An uploaded image, re-encoded (`jpg` or `png`), one per asset id (`user-7`, `lan-3`). */
export type AssetsTable = {
  asset_id: string;
  type: string;
  bytes: BytesColumn;
  etag: string;
  width: number;
  height: number;
  modification_date: Timestamp;
};

/**
 * The same image in another format (`avif`, `webp`) or at a smaller width (then also in
 * the master's own `jpg` or `png`), made once from the master.
 */
export type AssetVariantsTable = {
  asset_id: string;
  format: string;
  /** In pixels: the master's own width, or the smaller one asked for (`?w=`). */
  width: number;
  source_etag: string;
  bytes: BytesColumn;
  etag: string;
};

/** Every table, as Kysely sees it. Each migration that adds a table adds it here. */
export type Database = {
  settings: SettingsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  local_accounts: LocalAccountsTable;
  email_verifications: EmailVerificationsTable;
  outbox: OutboxTable;
  oidc_records: OidcRecordsTable;
  outbox_people: OutboxPeopleTable;
  used_nonces: UsedNoncesTable;
  lans: LansTable;
  subscribers: SubscribersTable;
  lan_messages: LanMessagesTable;
  lan_payment_details: LanPaymentDetailsTable;
  data_versions: DataVersionsTable;
  events: EventsTable;
  clans: ClansTable;
  clan_members: ClanMembersTable;
  seat_plans: SeatPlansTable;
  seat_blocks: SeatBlocksTable;
  seats: SeatsTable;
  seat_swaps: SeatSwapsTable;
  schedule_items: ScheduleItemsTable;
  announcements: AnnouncementsTable;
  notices: NoticesTable;
  push_subscriptions: PushSubscriptionsTable;
  food_rounds: FoodRoundsTable;
  food_items: FoodItemsTable;
  food_choices: FoodChoicesTable;
  food_orders: FoodOrdersTable;
  food_order_lines: FoodOrderLinesTable;
  food_order_line_choices: FoodOrderLineChoicesTable;
  screens: ScreensTable;
  games: GamesTable;
  play_sessions: PlaySessionsTable;
  playtimes: PlaytimesTable;
  playtime_months: PlaytimeMonthsTable;
  playtime_days: PlaytimeDaysTable;
  lanner_months: LannerMonthsTable;
  playtime_years: PlaytimeYearsTable;
  playtime_user_years: PlaytimeUserYearsTable;
  play_day_totals: PlayDayTotalsTable;
  player_totals: PlayerTotalsTable;
  steam_profiles: SteamProfilesTable;
  steam_calls: SteamCallsTable;
  attempt_counters: AttemptCountersTable;
  site_secrets: SiteSecretsTable;
  assets: AssetsTable;
  asset_variants: AssetVariantsTable;
  user_badges: UserBadgesTable;
  consents: ConsentsTable;
  erasures: ErasuresTable;
  job_runs: JobRunsTable;
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_entry_members: TournamentEntryMembersTable;
  tournament_entry_invitations: TournamentEntryInvitationsTable;
  tournament_stages: TournamentStagesTable;
  tournament_groups: TournamentGroupsTable;
  tournament_rounds: TournamentRoundsTable;
  tournament_matches: TournamentMatchesTable;
  tournament_match_games: TournamentMatchGamesTable;
};
