import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateReport, type Result } from 'lighthouse';
import {
  firstScreenBudgetBytes,
  formatKilobytes,
  gzipSize,
} from '../e2e/support/first-screen-size.ts';
import { runLighthouse, signInAfresh, startDebuggableChromium } from './web-lighthouse.ts';
import {
  diagnosticsOf,
  figuresOf,
  missedGoals,
  type PageFigures,
  pageGoals,
  scriptAndStyleUrls,
} from './web-lighthouse-figures.ts';

/**
 * The Lighthouse part of `npm run bench:web` (see scripts/bench-web.ts): seven pages, as the
 * demo `member` on a phone, a table of the figures issue 14 names and where the time goes.
 */
const account = 'member';

export type BenchPage = { key: string; name: string; path: (lanPath: string) => string };
const lastYear = new Date().getFullYear() - 1;
const allPages: BenchPage[] = [
  { key: 'upcoming', name: 'upcoming lans', path: () => '/lans/upcoming' },
  { key: 'lan', name: 'a lan (the first upcoming)', path: (lanPath) => lanPath },
  { key: 'archive', name: 'the archive', path: () => '/lans/archive' },
  { key: 'lanners', name: 'lanners', path: () => '/lanners' },
  { key: 'leaderboard', name: "a month's leaderboard", path: () => '/stats/leader-board' },
  { key: 'rewind', name: `the rewind of ${lastYear}`, path: () => `/stats/rewinds/${lastYear}` },
  { key: 'profile', name: 'the profile', path: () => '/profile' },
];

/** The pages BENCH_PAGES names (comma-separated keys), all when it is empty. */
export function selectPages(filter: string | undefined): BenchPage[] {
  if (!filter?.trim()) return allPages;
  const keys = filter.split(',').map((key) => key.trim().toLowerCase());
  const unknown = keys.filter((key) => key && !allPages.some((page) => page.key === key));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_PAGES: no page ${unknown.join(', ')}; the pages are ${allPages.map((page) => page.key).join(', ')}`,
    );
  }
  return allPages.filter((page) => keys.includes(page.key));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

type PageResult = {
  page: BenchPage;
  path: string;
  figures: PageFigures;
  scriptAndStyleBytes: number;
  diagnostics: string[];
  lhr: Result;
  /** Lighthouse's measure of this machine's speed at each run: it moves with the load on it. */
  benchmarkIndexes: number[];
};

const gzipSizes = new Map<string, Promise<number>>();
/** The gzip -9 size of a script or stylesheet the page loaded, as part 1 counts it. */
function gzipSizeOf(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return gzipSize(new Uint8Array(await response.arrayBuffer()));
    });
    gzipSizes.set(url, size);
  }
  return size;
}

/** Part 2: Lighthouse on every selected page, BENCH_RUNS times each. */
async function measurePages(
  baseUrl: string,
  pages: BenchPage[],
  runCount: number,
  reportDir: string | undefined,
): Promise<PageResult[]> {
  const browser = await startDebuggableChromium();
  try {
    // The first sign-in also finds the lan to measure: the first upcoming one.
    const links = await signInAfresh(browser.port, baseUrl, account);
    const lanPath = links.find((href) => /^\/lans\/\d+$/.test(href));
    if (!lanPath && pages.some((page) => page.key === 'lan')) {
      throw new Error('No upcoming lan is linked from /lans/upcoming: is this the demo site?');
    }
    let signedInAfresh = true;
    const results: PageResult[] = [];
    for (const page of pages) {
      const pagePath = page.path(lanPath ?? '');
      const runs: Result[] = [];
      for (let run = 1; run <= runCount; run++) {
        // Each run with a session of its own, signed in just before.
        if (!signedInAfresh) await signInAfresh(browser.port, baseUrl, account);
        signedInAfresh = false;
        const started = performance.now();
        const lhr = await runLighthouse(browser.port, `${baseUrl}${pagePath}`);
        runs.push(lhr);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const { performance: score } = figuresOf(lhr);
        console.info(`  ${page.key} ${run}/${runCount}: performance ${score} (${seconds} s)`);
      }
      const allFigures = runs.map(figuresOf);
      const figures = Object.fromEntries(
        (Object.keys(allFigures[0] ?? {}) as Array<keyof PageFigures>).map((key) => [
          key,
          median(allFigures.map((figure) => figure[key])),
        ]),
      ) as PageFigures;
      // The details come from the run whose performance score is the median one.
      const byScore = [...runs].sort((a, b) => figuresOf(a).performance - figuresOf(b).performance);
      const lhr = byScore[Math.floor((byScore.length - 1) / 2)] ?? runs[0];
      if (!lhr) throw new Error(`no Lighthouse run of ${pagePath}`);
      const urls = [...new Set(scriptAndStyleUrls(lhr, baseUrl))];
      const sizes = await Promise.all(urls.map(gzipSizeOf));
      results.push({
        page,
        path: pagePath,
        figures,
        scriptAndStyleBytes: sizes.reduce((sum, size) => sum + size, 0),
        diagnostics: diagnosticsOf(lhr),
        lhr,
        benchmarkIndexes: runs.map((run) => run.environment.benchmarkIndex),
      });
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const file = path.join(reportDir, `lighthouse-${page.key}.html`);
        writeFileSync(file, generateReport(lhr, 'html'));
      }
    }
    return results;
  } finally {
    await browser.stop();
  }
}

/** `low–high` of the numbers, or the one number when they are all the same. */
function rangeOf(numbers: number[]): string {
  if (numbers.length === 0) return '?';
  const [low, high] = [Math.min(...numbers), Math.max(...numbers)].map((n) => n.toFixed(0));
  return low === high ? `${low}` : `${low}–${high}`;
}

function printTable(results: PageResult[], runCount: number): void {
  const miss = (text: string, missed: boolean) => (missed ? `${text} ✗` : text);
  const rows = results.map(({ page, path: pagePath, figures, scriptAndStyleBytes }) => {
    const missed = missedGoals(figures);
    return [
      page.key,
      pagePath,
      miss(String(figures.performance), missed.has('performance')),
      miss(String(figures.accessibility), missed.has('accessibility')),
      miss(figures.totalBlockingTimeMs.toFixed(0), missed.has('totalBlockingTimeMs')),
      miss(figures.cumulativeLayoutShift.toFixed(3), missed.has('cumulativeLayoutShift')),
      `${(figures.largestContentfulPaintMs / 1000).toFixed(1)} s`,
      miss(figures.scriptEvaluationMs.toFixed(0), missed.has('scriptEvaluationMs')),
      miss(formatKilobytes(figures.unusedJavaScriptBytes), missed.has('unusedJavaScriptBytes')),
      formatKilobytes(figures.reactUnusedBytes),
      // Every chunk the page loaded, its own section's too: not the first screen's budget.
      formatKilobytes(scriptAndStyleBytes),
    ];
  });
  const header = [
    'Page',
    'Path',
    'Perf',
    'A11y',
    'TBT ms',
    'CLS',
    'LCP',
    'Script ms',
    'Unused JS',
    '+ React',
    'JS+CSS loaded',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  const first = results[0]?.lhr;
  const throttling = first?.configSettings.throttling;
  console.info('');
  console.info(
    `Lighthouse ${first?.lighthouseVersion ?? ''}, mobile, signed in as ${account}` +
      `${runCount > 1 ? `, median of ${runCount} runs` : ', 1 run'}; simulated throttling ` +
      `(RTT ${throttling?.rttMs ?? '?'} ms, ${throttling?.throughputKbps ?? '?'} kbit/s, ` +
      `CPU ${throttling?.cpuSlowdownMultiplier ?? '?'}× slower); this machine's benchmark ` +
      `index ${rangeOf(results.flatMap((result) => result.benchmarkIndexes))} over the runs`,
  );
  console.info(line(header));
  for (const row of rows) console.info(line(row));
  const goal =
    `the goals (performance ≥ ${pageGoals.performance}, accessibility ` +
    `${pageGoals.accessibility}, TBT ≤ ${pageGoals.totalBlockingTimeMs} ms, CLS ≤ ` +
    `${pageGoals.cumulativeLayoutShift}; issue 33: script before the first paint ≤ ` +
    `${pageGoals.scriptEvaluationMs} ms at 4× CPU, unused JavaScript ≤ ` +
    `${formatKilobytes(pageGoals.unusedJavaScriptBytes)})`;
  const missing = results.filter(({ figures }) => missedGoals(figures).size > 0).length;
  console.info(
    missing === 0
      ? `Every page meets ${goal}.`
      : `${missing} of ${results.length} pages miss ${goal}; ✗ marks each figure that misses.`,
  );
  console.info(
    "JS+CSS loaded: gzip -9 of every script and stylesheet the page loaded, its section's " +
      `chunks included; the ${formatKilobytes(firstScreenBudgetBytes)} budget is the first ` +
      "screen's, checked above. Script ms: JavaScript the page's main thread ran before " +
      "its first contentful paint, from the run's trace, at the simulated 4× CPU; " +
      "Unused JS: Lighthouse's estimate of the site's JavaScript loaded and never run, " +
      "without React's runtime (react, react-dom, scheduler), whose unused part (+ React, " +
      'from the source map) no code of ours can shrink (decision 041).',
  );
  console.info('');
  console.info(`Where the time goes (Lighthouse${runCount > 1 ? ', the median run' : ''}):`);
  for (const { page, path: pagePath, diagnostics } of results) {
    console.info(`${page.key}: ${page.name}, ${pagePath}`);
    for (const diagnostic of diagnostics) console.info(`  ${diagnostic}`);
  }
}

export type BenchPagesOptions = {
  baseUrl: string;
  /** Lighthouse runs per page; the table shows the median of each figure. */
  runs: number;
  /** The pages to measure (selectPages). */
  pages: BenchPage[];
  /** A folder for each page's Lighthouse report as HTML (BENCH_REPORT_DIR). */
  reportDir?: string;
};

/** Runs Lighthouse on the pages and prints the table and the diagnostics. */
export async function benchPages(options: BenchPagesOptions): Promise<void> {
  const { pages } = options;
  const runCount = Math.max(1, Math.floor(options.runs) || 1);
  console.info(`Lighthouse on ${pages.length} pages, ${runCount} run(s) each:`);
  const results = await measurePages(options.baseUrl, pages, runCount, options.reportDir);
  printTable(results, runCount);
}
