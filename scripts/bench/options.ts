/**
 * What `npm run bench:api` measures, from its environment: BENCH_PART (load,first-read,
 * subscribe: which parts run, comma-separated; all by default), BENCH_ENGINES (sqlite,postgres),
 * BENCH_SCALES (1,10: LANPARTY_DEMO_SCALE of the demo community), BENCH_SECONDS (8 per
 * run, after a 2 s warm-up), BENCH_LANNERS (300 subscribing at once), BENCH_QUICK=1 (1 s
 * runs, scale 1, SQLite only, 30 lanners: to check that the script works, not to measure),
 * BENCH_READS (names from scripts/bench/reads.ts, comma-separated: only those reads; all by
 * default), BENCH_FIRST_READS (40: how many first reads after a change of each read).
 * The PostgreSQL database is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one.
 * A bad value stops the script with a message naming the variable.
 */
import { pageReads } from './reads.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * The parts of a site's run: `load` every read under 32 connections against its floor,
 * `first-read` each read one at a time right after a change, `subscribe` many lanners
 * subscribing at once.
 */
export const benchParts = ['load', 'first-read', 'subscribe'] as const;
export type BenchPart = (typeof benchParts)[number];

export type BenchOptions = {
  engines: Engine[];
  scales: number[];
  seconds: number;
  warmUpSeconds: number;
  /** Load connections: the 32. */
  connections: number;
  /** How many new lanners subscribe to one lan at once. */
  lanners: number;
  isQuick: boolean;
  postgresUrl: string;
  /** The names of the reads to measure; empty: every read. */
  reads: string[];
  parts: BenchPart[];
  /** How many first reads after a change of each read (the guard's slowest of 40). */
  firstReads: number;
};

type Env = Record<string, string | undefined>;

const wholeNumber = /^[1-9][0-9]*$/;

function listOf(env: Env, name: string, fallback: string): string[] {
  const items = (env[name] || fallback).split(',').map((item) => item.trim());
  if (items.some((item) => item === ''))
    throw new Error(`${name}: an empty item in "${env[name]}"`);
  return [...new Set(items)];
}

function numberOf(env: Env, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!wholeNumber.test(text))
    throw new Error(`${name}: must be a whole number of at least 1 (got "${text}")`);
  return Number(text);
}

export function benchOptionsOf(env: Env): BenchOptions {
  const isQuick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
  const engines = listOf(env, 'BENCH_ENGINES', 'sqlite,postgres');
  for (const engine of engines)
    if (engine !== 'sqlite' && engine !== 'postgres')
      throw new Error(`BENCH_ENGINES: "${engine}" is neither sqlite nor postgres`);
  const scales = listOf(env, 'BENCH_SCALES', '1,10').map((scale) => {
    if (!wholeNumber.test(scale))
      throw new Error(`BENCH_SCALES: "${scale}" is not a whole number of at least 1`);
    return Number(scale);
  });
  const reads = env.BENCH_READS ? listOf(env, 'BENCH_READS', '') : [];
  const unknown = reads.filter((name) => !pageReads.some((read) => read.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_READS: no read ${unknown.join(', ')}; the reads are ${pageReads.map((read) => read.name).join(', ')}`,
    );
  const parts = listOf(env, 'BENCH_PART', benchParts.join(',')).map((part) => {
    if (!benchParts.includes(part as BenchPart))
      throw new Error(`BENCH_PART: "${part}" is none of ${benchParts.join(', ')}`);
    return part as BenchPart;
  });
  const postgresUrl =
    env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  if (isQuick)
    return {
      engines: ['sqlite'],
      scales: [1],
      seconds: 1,
      warmUpSeconds: 1,
      connections: 32,
      lanners: numberOf(env, 'BENCH_LANNERS', 30),
      isQuick,
      postgresUrl,
      reads,
      parts,
      firstReads: numberOf(env, 'BENCH_FIRST_READS', 5),
    };
  return {
    engines: engines as Engine[],
    scales,
    seconds: numberOf(env, 'BENCH_SECONDS', 8),
    warmUpSeconds: 2,
    connections: 32,
    lanners: numberOf(env, 'BENCH_LANNERS', 300),
    isQuick,
    postgresUrl,
    reads,
    parts,
    firstReads: numberOf(env, 'BENCH_FIRST_READS', 40),
  };
}
