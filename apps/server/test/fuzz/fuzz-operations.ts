import fc from 'fast-check';
import { fuzzCallers } from './community.ts';
import type { FuzzSite } from './harness.ts';
import type { Operation } from './operations.ts';
import { FindingLog } from './report.ts';
import {
  caseArbitrary,
  hasShape,
  operationWeight,
  otherMethodSweep,
  type Shape,
} from './requests.ts';

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
 * The long run: `requests` requests drawn from every operation (or one, or the cases of
 * one shape), by weight, one case after another in one fast-check run, so uploads,
 * deletions and reads interleave as they do on a real site, and only a burst spends a
 * limit per minute at once. Goes on past findings and answers them all, each with the
 * fast-check path that replays it.
 */
export async function fuzzAllOperations(
  fuzz: FuzzSite,
  options: {
    requests: number;
    seed: number;
    operationKey?: string;
    shape?: Shape;
    path?: string;
    onProgress?: (casesDone: number) => void;
  },
): Promise<FindingLog> {
  const log = new FindingLog();
  const { shape } = options;
  const chosen = fuzz.operations.filter(
    (operation) =>
      (!options.operationKey || operation.key === options.operationKey) &&
      (!shape || hasShape(operation, shape)),
  );
  if (chosen.length === 0) throw new Error(`No operation has cases of shape ${shape}`);
  const only = options.operationKey ? chosen[0] : undefined;
  // One operation alone is its own arbitrary, so a path from the short run replays here;
  // one shape is tried on every operation that has it alike.
  const arbitrary = only
    ? caseArbitrary(only, shape)
    : shape
      ? fc.oneof(...chosen.map((operation) => caseArbitrary(operation, shape)))
      : fc.oneof(
          ...chosen.map((operation) => ({
            // An API case is sent as every caller, a sign-in case once: by requests, each
            // operation gets a share by what there is to try in it.
            weight:
              operationWeight(operation) * (operation.site === 'api' ? 1 : fuzzCallers.length),
            arbitrary: caseArbitrary(operation),
          })),
        );
  // A whole run starts with HEAD and OPTIONS on every route (fast-check's examples, run
  // first): a HEAD that never answered was one of issue 31's faults.
  const sweep = only || shape ? [] : otherMethodSweep(chosen, options.seed);
  // A case sends one request (a sign-in), one per caller (the API) or a burst of up to
  // 200: the run stops sending once it has sent enough, and fast-check's remaining runs
  // (at most one per request) pass without a request.
  const stopAt = fuzz.tally.total + options.requests;
  let run = 0;
  const property = fc.asyncProperty(arbitrary, async (fuzzCase) => {
    if (!options.path && fuzz.tally.total >= stopAt) return;
    const path = options.path ?? String(run);
    const findings = await fuzz.exercise(fuzzCase);
    for (const finding of findings) {
      finding.replay = replayCommand(fuzz, options.seed, path, only, shape);
    }
    log.add(findings);
    run += 1;
    options.onProgress?.(run);
  });
  const details = await fc.check(property, {
    // A path names one case: replay it alone.
    numRuns: options.path ? 1 : options.requests,
    seed: options.seed,
    examples: sweep.map((fuzzCase) => [fuzzCase]),
    ...(options.path ? { path: options.path } : {}),
    // Findings are collected, not thrown: a failure is the harness's own, shown as it is.
    endOnFailure: true,
  });
  if (details.failed)
    throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance });
  return log;
}

function replayCommand(
  fuzz: FuzzSite,
  seed: number,
  path: string,
  operation?: Operation,
  shape?: Shape,
): string {
  const only = operation ? ` --operation '${operation.key}'` : '';
  const ofShape = shape ? ` --shape '${shape}'` : '';
  return `npm run fuzz -- --engine ${fuzz.engine} --seed ${seed}${only}${ofShape} --path '${path}'`;
}
