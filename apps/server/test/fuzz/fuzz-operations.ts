import fc from 'fast-check';
import type { FuzzSite } from './harness.ts';
import type { Operation } from './operations.ts';
import { FindingLog } from './report.ts';
import { caseArbitrary, operationWeight } from './requests.ts';

/** Shrinking re-sends the request as every caller; a few dozen tries are plenty. */
const maximumShrinks = 30;

/**
 * The short run (the test): each operation of the document gets its share of `cases`
 * (at least one) and stops at its first finding, which fast-check then shrinks to a small
 * request. Answers fast-check's reports (seed, path, case) with the finding, one per
 * failing operation.
 */
export async function fuzzEachOperation(
  fuzz: FuzzSite,
  options: { cases: number; seed: number },
): Promise<string[]> {
  const reports: string[] = [];
  const totalWeight = fuzz.operations.reduce(
    (sum, operation) => sum + operationWeight(operation),
    0,
  );
  for (const [index, operation] of fuzz.operations.entries()) {
    const runs = Math.max(
      1,
      Math.round((options.cases * operationWeight(operation)) / totalWeight),
    );
    const property = fc.asyncProperty(
      fc.limitShrink(caseArbitrary(operation), maximumShrinks),
      async (fuzzCase) => {
        const findings = await fuzz.exercise(fuzzCase);
        if (findings.length === 0) return;
        const caseLog = new FindingLog();
        caseLog.add(findings);
        throw new Error(caseLog.format());
      },
    );
    const details = await fc.check(property, { numRuns: runs, seed: (options.seed + index) | 0 });
    if (!details.failed) continue;
    const error = details.errorInstance;
    reports.push(
      [
        `${operation.key} on ${fuzz.engine}`,
        fc.defaultReportMessage(details) ?? '',
        `Replay: ${replayCommand(fuzz, details.seed, details.counterexamplePath ?? '', operation)}`,
        error instanceof Error ? error.message : String(error),
      ].join('\n'),
    );
  }
  return reports;
}

/**
 * The long run: `cases` requests drawn from every operation (or one), by weight, one
 * after another in one fast-check run, so uploads, deletions and reads interleave as
 * they do on a real site and no limit per minute is spent in one burst. Goes on past
 * findings and answers them all, each with the fast-check path that replays it.
 */
export async function fuzzAllOperations(
  fuzz: FuzzSite,
  options: {
    cases: number;
    seed: number;
    operationKey?: string;
    path?: string;
    onProgress?: (casesDone: number) => void;
  },
): Promise<FindingLog> {
  const log = new FindingLog();
  const chosen = fuzz.operations.filter(
    (operation) => !options.operationKey || operation.key === options.operationKey,
  );
  const only = options.operationKey ? chosen[0] : undefined;
  // One operation alone is its own arbitrary, so a path from the short run replays here.
  const arbitrary = only
    ? caseArbitrary(only)
    : fc.oneof(
        ...chosen.map((operation) => ({
          weight: operationWeight(operation),
          arbitrary: caseArbitrary(operation),
        })),
      );
  let run = 0;
  const property = fc.asyncProperty(arbitrary, async (fuzzCase) => {
    const path = options.path ?? String(run);
    const findings = await fuzz.exercise(fuzzCase);
    for (const finding of findings) finding.replay = replayCommand(fuzz, options.seed, path, only);
    log.add(findings);
    run += 1;
    options.onProgress?.(run);
  });
  await fc.check(property, {
    // A path names one case: replay it alone.
    numRuns: options.path ? 1 : options.cases,
    seed: options.seed,
    ...(options.path ? { path: options.path } : {}),
  });
  return log;
}

function replayCommand(fuzz: FuzzSite, seed: number, path: string, operation?: Operation): string {
  const only = operation ? ` --operation '${operation.key}'` : '';
  return `npm run fuzz -- --engine ${fuzz.engine} --seed ${seed}${only} --path '${path}'`;
}
