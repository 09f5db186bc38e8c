import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain line totalling every project of the run: `N passed, N failed`
 * (and `, N skipped` when some were). CI reads this line, not Vitest's own summary.
 */
export default class TotalsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      // A module that failed to load has no tests; count it as a failure, not as nothing.
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    failed += unhandledErrors.length;
    const skippedText = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed${skippedText}\n`);
  }
}
