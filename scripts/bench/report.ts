/**
 * The tables `npm run bench:api` prints, and the goals: every read the pages make at least
 * 0.25 of its floor while its data is unchanged, p99 at most 50 ms at 32 connections (issue
 * 14); the first read after a change, one request at a time, at most 50 ms in the slowest
 * of 40 (issue 33, in place of issue 14's load of fresh reads). Pure.
 */

export type Variant = 'same URL' | 'new URL';

export type LoadResult = {
  requestsPerSecond: number;
  /** Requests answered in the measured run. */
  requests: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
};

export type BenchRow = {
  read: string;
  variant: Variant;
  /** For "new URL": how many different URLs the load cycled through (Infinity: none repeated). */
  distinctUrls?: number;
  result: LoadResult;
  /** Requests per second of the floor: the same bytes from memory. */
  floor: number;
  /** The floor's own p99 (ms): what HTTP alone costs this answer under the same load. */
  floorP99: number;
};

export const goals = { unchanged: 0.25, p99Ms: 50, firstReadMs: 50 } as const;

/** Fewer answers than this in a run, and its p99 says little. */
const fewAnswers = 100;

export function ratioOf(row: BenchRow): number {
  return row.floor > 0 ? row.result.requestsPerSecond / row.floor : 0;
}

/** What keeps a row from the goals, in words; empty when it meets them. */
export function shortfallsOf(row: BenchRow): string[] {
  const shortfalls: string[] = [];
  if (ratioOf(row) < goals.unchanged) shortfalls.push(`< ${goals.unchanged.toFixed(2)} of floor`);
  if (row.result.p99 > goals.p99Ms) shortfalls.push(`p99 > ${goals.p99Ms} ms`);
  if (row.result.errors + row.result.non2xx > 0) shortfalls.push('failed requests');
  // A request still running when the run ends is not counted: with few answers the p99
  // is of the quick ones only.
  if (row.result.requests === 0) shortfalls.push('none answered in the run');
  else if (row.result.requests < fewAnswers)
    shortfalls.push(`only ${row.result.requests} answered`);
  return shortfalls;
}

function variantLabel(row: BenchRow): string {
  if (row.variant !== 'new URL' || row.distinctUrls === undefined) return row.variant;
  return Number.isFinite(row.distinctUrls)
    ? `new URL (${row.distinctUrls} in turn)`
    : 'new URL (none twice)';
}

/** 12,345 */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function formatMs(value: number): string {
  return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

/** Columns padded to their widest cell, in a Markdown table (readable as text too). */
export function formatMarkdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells
      .map((cell, column) =>
        rightAligned.includes(column)
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `|${widths
    .map((width, column) =>
      rightAligned.includes(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2),
    )
    .join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** One engine and scale: every read and variant with its floor, ratio, p99 and failures. */
export function formatBenchTable(rows: readonly BenchRow[]): string {
  return formatMarkdownTable(
    [
      'Read',
      'Variant',
      'req/s',
      'floor req/s',
      'of floor',
      'p99 ms',
      'floor p99 ms',
      'errors / non-2xx',
      'Goal',
    ],
    rows.map((row) => {
      const shortfalls = shortfallsOf(row);
      return [
        row.read,
        variantLabel(row),
        formatCount(row.result.requestsPerSecond),
        formatCount(row.floor),
        ratioOf(row).toFixed(2),
        row.result.requests === 0 ? '—' : formatMs(row.result.p99),
        formatMs(row.floorP99),
        `${row.result.errors} / ${row.result.non2xx}`,
        shortfalls.length === 0 ? '✓' : `✗ ${shortfalls.join(', ')}`,
      ];
    }),
    [2, 3, 4, 5, 6],
  );
}

/** How many rows meet the goals, e.g. `12 of 30 rows meet the goals`. */
export function summaryOf(rows: readonly BenchRow[]): string {
  const meeting = rows.filter((row) => shortfallsOf(row).length === 0).length;
  return `${meeting} of ${rows.length} rows meet the goals (≥ ${goals.unchanged} of the floor, p99 ≤ ${goals.p99Ms} ms, no failed request)`;
}

/** One read's first reads, each timed right after a change that made its kept answer stale. */
export type FirstReadRow = {
  read: string;
  /** The changes made in turn before them (scripts/bench/reads.ts). */
  changes: readonly string[];
  /** The answer's size, bytes (of the last one). */
  bytes: number;
  /** Each first read's wait, ms, in the order made, and the change made before it. */
  samples: readonly { after: string; ms: number }[];
};

/** The waits of a read's first reads, ms; only those after `change` when one is named. */
export function timesOf(row: FirstReadRow, change?: string): number[] {
  return row.samples
    .filter((sample) => change === undefined || sample.after === change)
    .map((sample) => sample.ms);
}

/** The slowest of a read's first reads, ms (the guard's figure). */
export function slowestOf(row: FirstReadRow): number {
  return Math.max(0, ...timesOf(row));
}

/** Whether a read's slowest first read is within the goal. */
export function meetsFirstReadGoal(row: FirstReadRow): boolean {
  return row.samples.length > 0 && slowestOf(row) <= goals.firstReadMs;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(bytes >= 10_240 ? 0 : 1)} KB` : `${bytes} B`;
}

/** The first reads after a change: median and slowest per read, against the goal. */
export function formatFirstReadTable(rows: readonly FirstReadRow[]): string {
  return formatMarkdownTable(
    ['Read', 'After', 'Size', 'Reads', 'median ms', 'slowest ms', 'Goal'],
    rows.map((row) => [
      row.read,
      row.changes.join(' or '),
      formatSize(row.bytes),
      String(row.samples.length),
      formatMs(percentile(timesOf(row), 50)),
      formatMs(slowestOf(row)),
      meetsFirstReadGoal(row) ? `✓ ≤ ${goals.firstReadMs} ms` : `✗ > ${goals.firstReadMs} ms`,
    ]),
    [2, 3, 4, 5],
  );
}

/** The p-th percentile (0–100) of some durations, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}
