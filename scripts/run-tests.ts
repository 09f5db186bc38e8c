/**
 * `npm test`'s tests: two Vitest runs side by side, the end-to-end files in one and every
 * other project in the other, then one plain line totalling both: `N passed, N failed`
 * (and `, N skipped`), which CI reads.
 *
 * Why two runs: the end-to-end files share one demo site and one Chromium, so they run one
 * after another, and most of their time is waiting on the browser and the site. In one
 * Vitest run such a project waits until every other has ended (Vitest runs projects of
 * one `sequence.groupOrder` with one worker count), and its 17 minutes came after the rest.
 * Arguments go to both runs (`npm test -- seating` runs the files matching "seating").
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readTotalsLine, type Totals, totalsLine } from './totals-line.ts';

const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--passWithNoTests'];
const extra = process.argv.slice(2);

/** How many files run at once beside the end-to-end files (Vitest's default is 1 here). */
const unitWorkers = process.env.TEST_WORKERS ?? '3';

const runs = [
  { name: 'end-to-end', args: [...vitest, '--project', 'e2e', ...extra] },
  {
    name: 'the other projects',
    args: [...vitest, '--project', '!e2e', '--maxWorkers', unitWorkers, ...extra],
  },
];

/** Runs one Vitest, passing its lines through as they come; its totals, or none. */
function run({ name, args }: { name: string; args: string[] }) {
  return new Promise<{ name: string; code: number; totals?: Totals }>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let totals: Totals | undefined;
    const follow = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
      createInterface({ input: stream }).on('line', (line) => {
        totals = readTotalsLine(line) ?? totals;
        out.write(`${line}\n`);
      });
    follow(child.stdout, process.stdout);
    follow(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ name, code: code ?? 1, totals }));
  });
}

const results = await Promise.all(runs.map(run));
const sum: Totals = { passed: 0, failed: 0, skipped: 0 };
for (const { name, code, totals } of results) {
  if (!totals) {
    // A run that ended before its totals (it did not start, or found no files) counts as
    // one failure, unless it found nothing to run under a filter.
    if (code !== 0) {
      process.stdout.write(`\n${name}: ended with code ${code} and no totals\n`);
      sum.failed += 1;
    }
    continue;
  }
  sum.passed += totals.passed;
  sum.failed += totals.failed;
  sum.skipped += totals.skipped;
  process.stdout.write(`${name}: ${totalsLine(totals)}\n`);
}
process.stdout.write(`\n${totalsLine(sum)}\n`);
process.exit(results.some(({ code }) => code !== 0) || sum.failed > 0 ? 1 : 0);
