import { launchBrowser } from '../e2e/support/browser.ts';
import {
  firstScreenBudgetBytes,
  firstScreenPath,
  formatKilobytes,
  type LoadedFile,
  measureFirstScreen,
} from '../e2e/support/first-screen-size.ts';
import { startSite } from '../e2e/support/site.ts';
import { ensureWebAppBuilt } from './web-build.ts';

/**
 * `npm run bench:web`: issue 14's page figures, measured in Debian's Chromium against the
 * real server (the demo community, started here on a free port with a fresh data folder).
 *
 * 1. The first screen: the gzipped JavaScript and CSS `/lans/upcoming` loads for a
 *    signed-in visitor, and for one who is not signed in up to the sign-in form. Exits
 *    non-zero when either is above issue 14's 110 KB budget.
 * 2. Lighthouse, mobile, signed in as the demo `member`, on seven pages: performance and
 *    accessibility scores, total blocking time, layout shift, largest contentful paint and
 *    the gzipped JavaScript + CSS each page loads, every figure that misses a goal marked;
 *    then, per page, where the time goes. Goals missed do not fail the run (the budget does).
 *
 * `--url http://…` measures a running demo site instead of starting one.
 * `--first-screen-only` stops after part 1 (what the end-to-end test runs: no Lighthouse
 * in the test suite). BENCH_RUNS (default 1) runs Lighthouse that many times per page and
 * prints the median of each figure; BENCH_PAGES=lan,rewind measures only those pages;
 * BENCH_REPORT_DIR=folder writes each page's Lighthouse report there as HTML.
 */
const urlFlag = process.argv.indexOf('--url');
const givenUrl = urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined;
const firstScreenOnly = process.argv.includes('--first-screen-only');

function printFiles(title: string, files: LoadedFile[]): number {
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.info(title);
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.info(
      `  ${formatKilobytes(file.gzipBytes).padStart(9)}  ${file.kind.padEnd(10)} ${file.url}`,
    );
  }
  const scripts = files
    .filter((file) => file.kind === 'script')
    .reduce((sum, file) => sum + file.gzipBytes, 0);
  console.info(`  JavaScript ${formatKilobytes(scripts)}, CSS ${formatKilobytes(total - scripts)}`);
  return total;
}

/**
 * Part 1: the first screen's bytes against the budget, for a signed-in visitor and for one
 * who is not signed in, up to the sign-in form they are sent to; false when either is over.
 */
async function checkFirstScreen(baseUrl: string): Promise<boolean> {
  const browser = await launchBrowser();
  try {
    const files = await measureFirstScreen(browser, baseUrl);
    const total = printFiles(`First screen ${firstScreenPath}, signed in (gzip -9)`, files);
    console.info(
      `Total: ${formatKilobytes(total)} of ${formatKilobytes(firstScreenBudgetBytes)} budget`,
    );
    if (files.length === 0) {
      console.error('Nothing was loaded: is the web app built and served?');
      return false;
    }
    const signIn = await measureFirstScreen(browser, baseUrl, { upToSignIn: true });
    const signInTotal = printFiles(`${firstScreenPath} up to the sign-in form (gzip -9)`, signIn);
    console.info(
      `Total up to the sign-in form: ${formatKilobytes(signInTotal)} of ` +
        `${formatKilobytes(firstScreenBudgetBytes)} budget`,
    );
    let isWithin = true;
    for (const [what, bytes] of [
      ['signed in', total],
      ['up to the sign-in form', signInTotal],
    ] as const) {
      if (bytes <= firstScreenBudgetBytes) continue;
      console.error(`Over budget ${what} by ${formatKilobytes(bytes - firstScreenBudgetBytes)}.`);
      isWithin = false;
    }
    return isWithin;
  } finally {
    await browser.close();
  }
}

// Loaded only for the Lighthouse part: the first-screen check (the end-to-end test) starts
// faster without it. BENCH_PAGES is checked before anything starts.
const lighthousePart = firstScreenOnly ? undefined : await import('./bench-web-pages.ts');
const pages = lighthousePart?.selectPages(process.env.BENCH_PAGES) ?? [];

if (!givenUrl) ensureWebAppBuilt({ log: console.info });
// The demo community has the `visitor` and `member` accounts the measurements sign in with.
const site = givenUrl ? undefined : await startSite({ LANPARTY_DEMO: '1' });
try {
  const baseUrl = givenUrl ?? site?.baseUrl ?? '';
  if (!(await checkFirstScreen(baseUrl))) process.exitCode = 1;
  if (lighthousePart) {
    console.info('');
    await lighthousePart.benchPages({
      baseUrl,
      pages,
      runs: Number(process.env.BENCH_RUNS ?? 1),
      reportDir: process.env.BENCH_REPORT_DIR,
    });
  }
} finally {
  await site?.stop();
}
