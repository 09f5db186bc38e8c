/**
 * The one plain line CI reads at the end of a test run: `N passed, N failed`, with
 * `, N skipped` when some were. Written by the totals reporter for each Vitest run, read
 * back and written again, summed, by run-tests.ts.
 */
export type Totals = { passed: number; failed: number; skipped: number };

export function totalsLine({ passed, failed, skipped }: Totals): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

const pattern = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

/** The totals a line gives, or undefined for any other line. */
export function readTotalsLine(line: string): Totals | undefined {
  const match = pattern.exec(line.trim());
  return match
    ? { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) }
    : undefined;
}
