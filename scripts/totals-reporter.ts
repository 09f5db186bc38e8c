import type { Reporter, TestModule } from 'vitest/node';
import { totalsLine } from './totals-line.ts';

type Span = { start: number; end: number; files: number; fileMs: number };

/**
 * Prints how long each project of the run took (from its first file's start to its last
 * file's end, and the sum of its files' own times: projects run side by side), then one
 * plain line totalling every project: `N passed, N failed` (and `, N skipped` when some
 * were). CI reads this line, not Vitest's own summary.
 */
export default class TotalsReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, Span>();
  private readonly runStart = Date.now();

  onTestModuleStart(testModule: TestModule) {
    this.started.set(testModule.moduleId, Date.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    const end = Date.now();
    const start = this.started.get(testModule.moduleId) ?? end;
    const name = testModule.project.name || 'root';
    const span = this.spans.get(name) ?? { start, end, files: 0, fileMs: 0 };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.files += 1;
    span.fileMs += end - start;
    this.spans.set(name, span);
  }

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
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    process.stdout.write(
      '\nTime per project (first file started to last file ended; files own time):\n',
    );
    for (const [name, span] of [...this.spans].sort(([a], [b]) => a.localeCompare(b)))
      process.stdout.write(
        `  ${name}: ${seconds(span.end - span.start)} for ${span.files} files (${seconds(span.fileMs)} of files)\n`,
      );
    process.stdout.write(`  the whole run: ${seconds(Date.now() - this.runStart)}\n`);
    process.stdout.write(`\n${totalsLine({ passed, failed, skipped })}\n`);
  }
}
