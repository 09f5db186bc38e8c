import { execFileSync } from 'node:child_process';
import { CURRENT_VERSION } from '@lanparty/contract';

/** What the footer shows about the build; injected by Vite as `__LANPARTY_BUILD_INFO__`. */
export type BuildInfo = {
  version: string;
  branch: string;
  commit: string;
  mode: string;
};

/**
 * Reads the build information at build time. Environment variables win, because CI and
 * container builds often run without a `.git` folder; without either the value is
 * 'unknown' rather than a failed build.
 */
export function readBuildInfo(mode: string, env: NodeJS.ProcessEnv = process.env): BuildInfo {
  return {
    version: CURRENT_VERSION,
    branch: env.LANPARTY_GIT_BRANCH || readGit(['rev-parse', '--abbrev-ref', 'HEAD']),
    commit: env.LANPARTY_GIT_COMMIT || readGit(['rev-parse', '--short', 'HEAD']),
    mode,
  };
}

/** The `define` entry both the Vite build and the Vitest project use. */
export function defineBuildInfo(mode: string): Record<string, string> {
  return { __LANPARTY_BUILD_INFO__: JSON.stringify(readBuildInfo(mode)) };
}

function readGit(args: string[]): string {
  try {
    const output = execFileSync('git', args, {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return output || 'unknown';
  } catch {
    return 'unknown';
  }
}
