/**
 * `npm run bench:stats`: the stats calls on a big community — 500 players with five years
 * of daily playtime (over two million rows) — on SQLite and PostgreSQL, through the real
 * routes (authentication, validation, serialisation). Prints medians and p95 of a player
 * month, a game month, the all-time players and a year's rewind; and the player month as
 * the history grows from one to five years, which must stay flat. After each bulk load the
 * database is vacuumed and analysed, so the calls read settled tables with fresh planner
 * statistics, not the dead row versions the sums' triggers leave behind.
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL database.
 */
await import('./bench-database.ts');
const { sql } = await import('kysely');
const { createRandom } = await import('../apps/server/src/modules/demo/seeded-random.ts');
const { startApiSite } = await import('../apps/server/test/api-site.ts');
const { signInAs } = await import('../apps/server/test/signed-in.ts');
const { demoGames, insertDemoGames, insertPlaytimeRows, insertPlayerTotals } = await import(
  '../apps/server/src/modules/demo/demo-playtime.ts'
);
const { startFakeSteam } = await import('../apps/server/test/fake-steam.ts');
const { createSteamCollector } = await import(
  '../apps/server/src/modules/playtime/steam-collector.ts'
);
const { insertUser, replaceRoles } = await import(
  '../apps/server/src/modules/accounts/accounts.repository.ts'
);
type PlaytimeRow = import('../apps/server/src/modules/demo/demo-playtime.ts').PlaytimeRow;
type ApiSite = import('../apps/server/test/api-site.ts').ApiSite;
type Executor = import('../apps/server/src/db/executor.ts').Executor;

const players = 500;
const runs = Number(process.env.BENCH_RUNS ?? 30);
const DAY = 86_400_000;
const timeZone = 'Europe/Amsterdam';

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every player plays every day, two to three of their five games: about 4.6 rows a player-day. */
function generate(userIds: number[], firstDay: number, lastDay: number, seed: number) {
  const random = createRandom(seed).next;
  const rows: PlaytimeRow[] = [];
  for (const [index, userId] of userIds.entries()) {
    const games = Array.from(
      { length: 5 },
      (_, n) => demoGames[(index + n * 3) % demoGames.length]?.id ?? 730,
    );
    for (let day = firstDay; day <= lastDay; day += DAY) {
      const count = 2 + Math.floor(random() * 2);
      for (let game = 0; game < count; game += 1)
        rows.push({
          user_id: userId,
          game_id: games[(game + Math.floor(random() * 5)) % 5] as number,
          play_day: isoDay(day),
          seconds: 600 + Math.floor(random() * 7200),
        });
    }
  }
  // One row per (user, game, day): a game picked twice that day is added up.
  const merged = new Map<string, PlaytimeRow>();
  for (const row of rows) {
    const key = `${row.user_id} ${row.game_id} ${row.play_day}`;
    const known = merged.get(key);
    if (known) known.seconds += row.seconds;
    else merged.set(key, row);
  }
  return [...merged.values()];
}

async function time(site: ApiSite, headers: Record<string, string>, url: string) {
  const durations: number[] = [];
  let status = 0;
  // Warm-up: JIT, prepared statements, the pool.
  for (let run = 0; run < 3; run += 1) await site.app.inject({ method: 'GET', url, headers });
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await site.app.inject({ method: 'GET', url, headers });
    durations.push(performance.now() - started);
    status = response.statusCode;
  }
  durations.sort((a, b) => a - b);
  const at = (share: number) =>
    durations[Math.min(durations.length - 1, Math.floor(durations.length * share))] ?? 0;
  return { median: at(0.5), p95: at(0.95), status };
}

// The playtime, its rollups and the sums kept by triggers (migrations 0013 and 0020).
const playtimeTables = [
  'playtimes',
  'playtime_months',
  'playtime_days',
  'player_totals',
  'lanner_months',
  'playtime_years',
  'playtime_user_years',
  'play_day_totals',
];

/**
 * What a site's own maintenance does after a bulk load, done at once: on PostgreSQL the
 * triggers' upserts leave dead row versions of the sums (a play day's total is rewritten by
 * every statement that adds to it) until autovacuum runs, and the planner has no statistics
 * of tables filled a moment ago; SQLite keeps no dead rows but plans better with ANALYZE.
 */
async function settle(db: Executor, engine: 'sqlite' | 'postgres') {
  if (engine === 'postgres')
    await sql`vacuum (analyze) ${sql.raw(playtimeTables.join(', '))}`.execute(db);
  else await sql`analyze`.execute(db);
}

const format = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const site = await startApiSite(engine, { LOG_LEVEL: 'silent', TZ_COMMUNITY: timeZone });
  const viewer = await signInAs(site.db, site.issuer, ['Lanner']);
  const headers = viewer.headers;
  const now = Date.now();
  const userIds: number[] = [];
  for (let index = 0; index < players; index += 1) {
    const user = await insertUser(site.db, {
      subject: null,
      nickname: `player-${String(index).padStart(3, '0')}`,
      email: null,
      steamId: null,
    });
    await replaceRoles(site.db, user.id, ['Lanner']);
    userIds.push(user.id);
  }
  await insertDemoGames(site.db, new Date());

  const lastDay = Date.parse(`${isoDay(now - DAY)}T00:00:00Z`);
  // Batches start on the 1st, so each month's rollup is written by one batch.
  const yearsAgo = (years: number) => {
    const start = new Date(lastDay);
    start.setUTCDate(1);
    start.setUTCFullYear(start.getUTCFullYear() - years);
    return start.getTime();
  };
  const lastMonth = new Date(lastDay);
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const monthPath = `${lastMonth.getUTCFullYear()}/${lastMonth.getUTCMonth() + 1}`;
  const monthUrl = `/api/stats/leader-boards/users/months/${monthPath}`;
  const rowsPerInsert = 5000;

  const allRows: PlaytimeRow[] = [];
  const flat: Array<[string, Awaited<ReturnType<typeof time>>]> = [];
  let written = 0;
  const started = performance.now();
  // History grows backwards: the newest year first, then two more, then two more.
  for (const [from, to, label] of [
    [yearsAgo(1), lastDay, '1 year'],
    [yearsAgo(3), yearsAgo(1) - DAY, '3 years'],
    [yearsAgo(5), yearsAgo(3) - DAY, '5 years'],
  ] as const) {
    const rows = generate(userIds, from, to, from);
    await site.db.transaction().execute((trx) => insertPlaytimeRows(trx, rows, rowsPerInsert));
    await settle(site.db, engine);
    written += rows.length;
    for (const row of rows) allRows.push(row);
    flat.push([
      `player month, ${label} of history (${written.toLocaleString('en')} rows)`,
      await time(site, headers, monthUrl),
    ]);
  }
  await insertPlayerTotals(site.db, allRows);
  await settle(site.db, engine);
  const generatedIn = (performance.now() - started) / 1000;

  const rewindYear = new Date(lastDay).getUTCFullYear() - 1;
  const results: Array<[string, Awaited<ReturnType<typeof time>>]> = [
    ['player month', await time(site, headers, monthUrl)],
    [
      'game month (top 10)',
      await time(site, headers, `/api/stats/leader-boards/games/months/${monthPath}`),
    ],
    ['all-time players (page of 20)', await time(site, headers, '/api/stats/leader-boards/users')],
  ];
  const coldStart = performance.now();
  const cold = await site.app.inject({
    method: 'GET',
    url: `/api/stats/summaries/${rewindYear}`,
    headers,
  });
  const coldMs = performance.now() - coldStart;
  results.push([
    `rewind ${rewindYear}, again (closed year, kept answer)`,
    await time(site, headers, `/api/stats/summaries/${rewindYear}`),
  ]);
  const runningYear = new Date(lastDay).getUTCFullYear();
  results.push([
    `rewind ${runningYear}, again (running year, kept answer)`,
    await time(site, headers, `/api/stats/summaries/${runningYear}`),
  ]);
  const poll = await pollThousandPlayers(site, userIds);
  await site.close();
  return {
    poll,
    flat,
    results,
    written,
    generatedIn,
    cold: { ms: coldMs, status: cold.statusCode, year: rewindYear },
  };
}

/**
 * One collector poll for 1,000 players with Steam ids against the fake Steam Web API,
 * half of them in a game: how many calls (GetPlayerSummaries takes 100 ids: 10) and the
 * CPU time of the poll, database writes included.
 */
async function pollThousandPlayers(site: ApiSite, userIds: number[]) {
  const steam = await startFakeSteam();
  const ids = [...userIds];
  while (ids.length < 1000) {
    const user = await insertUser(site.db, {
      subject: null,
      nickname: `steam-${ids.length}`,
      email: null,
      steamId: null,
    });
    ids.push(user.id);
  }
  for (const [index, id] of ids.entries()) {
    const steamId = String(76561197960265728n + BigInt(index));
    await site.db.updateTable('users').set({ steam_id: steamId }).where('id', '=', id).execute();
    steam.players.set(steamId, {
      steamid: steamId,
      personaname: `player ${index}`,
      ...(index % 2 === 0
        ? { gameid: String(demoGames[index % demoGames.length]?.id ?? 730) }
        : {}),
    });
  }
  const collector = createSteamCollector({
    db: site.db,
    steam: { apiUrl: steam.url, apiKey: 'test-key', openIdUrl: '' },
    communityTimeZone: timeZone,
    log: site.app.log,
    ownedGamesCallsPerPoll: 0,
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await collector.poll(new Date());
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const calls = steam.requests.length;
  await steam.close();
  return { calls, outcome: result.outcome, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  let outcome: Awaited<ReturnType<typeof benchEngine>>;
  try {
    outcome = await benchEngine(engine);
  } catch (error) {
    console.error(`${engine}: skipped (${error instanceof Error ? error.stack : String(error)})`);
    continue;
  }
  console.info(
    `\n${engine}: ${players} players, ${outcome.written.toLocaleString('en')} playtime rows (written in ${outcome.generatedIn.toFixed(0)} s), ${runs} runs each`,
  );
  console.info(`  ${'call'.padEnd(52)}  median       p95`);
  for (const [name, result] of [...outcome.flat, ...outcome.results]) {
    const problem = result.status === 200 ? '' : `  (status ${result.status})`;
    console.info(`  ${name.padEnd(52)} ${format(result.median)} ${format(result.p95)}${problem}`);
  }
  console.info(
    `  rewind ${outcome.cold.year}, first build (cold)${' '.repeat(24)} ${format(outcome.cold.ms)}${outcome.cold.status === 200 ? '' : `  (status ${outcome.cold.status})`}`,
  );
  console.info(
    `  collector poll, 1,000 players: ${outcome.poll.calls} Steam calls (${outcome.poll.outcome}), ${outcome.poll.cpuMs.toFixed(0)} ms CPU, ${outcome.poll.wallMs.toFixed(0)} ms wall (the fake Steam runs in this process)`,
  );
  const month = outcome.results[0]?.[1].median ?? 0;
  const rewind = Math.max(outcome.cold.ms, outcome.results[4]?.[1].median ?? 0);
  const growth = (outcome.flat[2]?.[1].median ?? 0) / (outcome.flat[0]?.[1].median || 1);
  console.info(
    `  goals: month ${month.toFixed(1)} ms (< 20), rewind year ${rewind.toFixed(0)} ms (< 300), month at 5 years ÷ at 1 year ${growth.toFixed(2)} (flat ≈ 1)`,
  );
}
