import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webAppDir = path.join(repositoryRoot, 'apps/web');
export const webDistDir = path.join(webAppDir, 'dist');

/** What the web build reads: when any of it is newer than the build, the build is stale. */
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/compress-build.ts',
  'apps/web/sign-in-first-build.ts',
  'apps/web/build-info.ts',
  'apps/web/package.json',
  'packages/contract/src',
].map((source) => path.join(repositoryRoot, source));

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

export function isWebAppStale(): boolean {
  const builtIndex = path.join(webDistDir, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestChange(source) > builtAt);
}

/** Builds the web app with Vite when it is missing or older than its sources. */
export function ensureWebAppBuilt(options: { log?: (line: string) => void } = {}): void {
  if (!isWebAppStale()) return;
  options.log?.('Building the web app (apps/web/dist)…');
  const vite = path.join(repositoryRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: webAppDir,
    stdio: 'inherit',
    // Test runners set NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app did not build; see the messages above.');
}
