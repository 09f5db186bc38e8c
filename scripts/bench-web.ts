import { launchBrowser } from '../e2e/support/browser.ts';
import {
  firstScreenBudgetBytes,
  firstScreenPath,
  formatKilobytes,
  measureFirstScreen,
} from '../e2e/support/first-screen-size.ts';
import { startSite } from '../e2e/support/site.ts';
import { ensureWebAppBuilt } from './web-build.ts';

/**
 * `npm run bench:web`: the gzipped JavaScript and CSS the first screen loads, measured
 * in Chromium against the real server. Exits non-zero above the budget.
 * `--url http://…` measures a running demo site instead of starting one.
 */
const urlFlag = process.argv.indexOf('--url');
const givenUrl = urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined;

if (!givenUrl) ensureWebAppBuilt({ log: console.info });
// The demo community has the `visitor` account the measurement signs in with.
const site = givenUrl ? undefined : await startSite({ LANPARTY_DEMO: '1' });
const browser = await launchBrowser();
try {
  const files = await measureFirstScreen(browser, givenUrl ?? site?.baseUrl ?? '');
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.info(`First screen ${firstScreenPath}: what it loads (gzip -9)`);
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.info(
      `  ${formatKilobytes(file.gzipBytes).padStart(9)}  ${file.kind.padEnd(10)} ${file.url}`,
    );
  }
  const scripts = files
    .filter((file) => file.kind === 'script')
    .reduce((sum, file) => sum + file.gzipBytes, 0);
  console.info(`  JavaScript ${formatKilobytes(scripts)}, CSS ${formatKilobytes(total - scripts)}`);
  console.info(
    `Total: ${formatKilobytes(total)} of ${formatKilobytes(firstScreenBudgetBytes)} budget`,
  );
  if (files.length === 0) {
    console.error('Nothing was loaded: is the web app built and served?');
    process.exitCode = 1;
  } else if (total > firstScreenBudgetBytes) {
    console.error(`Over budget by ${formatKilobytes(total - firstScreenBudgetBytes)}.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await site?.stop();
}
