/**
 * The tables `npm run bench:api` prints, and the issue's goals (issue 14): every read the
 * pages make at least 0.25 of its floor while its data is unchanged, at least 0.10 when
 * it is computed afresh, p99 at most 50 ms at 32 connections. Pure.
 */

export type Variant = 'same URL' | 'new URL' | 'fresh';

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

export const goals = { unchanged: 0.25, fresh: 0.1, p99Ms: 50 } as const;

/** Fewer answers than this in a run, and its p99 says little. */
const fewAnswers = 100;

export function ratioGoalOf(variant: Variant): number {
  return variant === 'fresh' ? goals.fresh : goals.unchanged;
}

export function ratioOf(row: BenchRow): number {
  return row.floor > 0 ? row.result.requestsPerSecond / row.floor : 0;
}

/** What keeps a row from the goals, in words; empty when it meets them. */
export function shortfallsOf(row: BenchRow): string[] {
  const shortfalls: string[] = [];
  const goal = ratioGoalOf(row.variant);
  if (ratioOf(row) < goal) shortfalls.push(`< ${goal.toFixed(2)} of floor`);
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
  return `${meeting} of ${rows.length} rows meet the goals (≥ ${goals.unchanged} of the floor unchanged, ≥ ${goals.fresh} fresh, p99 ≤ ${goals.p99Ms} ms, no failed request)`;
}

/** The p-th percentile (0–100) of some durations, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}
