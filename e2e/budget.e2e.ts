import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../scripts/web-build.ts';
import { siteUrl } from './support/provided-context.ts';

describe('npm run bench:web', () => {
  it('keeps the first screen within 110 KB of gzipped JavaScript and CSS, signed in or not', () => {
    // The first screen only: the Lighthouse part of bench:web stays out of the test suite.
    const result = spawnSync(
      process.execPath,
      [
        path.join(repositoryRoot, 'scripts/bench-web.ts'),
        '--url',
        siteUrl(),
        '--first-screen-only',
      ],
      { encoding: 'utf8', timeout: 90_000 },
    );
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toMatch(/Total: [\d.]+ KB of 110\.0 KB budget/);
    expect(output).toMatch(/Total up to the sign-in form: [\d.]+ KB of 110\.0 KB budget/);
    expect(result.status, output).toBe(0);
  });
});
