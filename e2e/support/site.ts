import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../scripts/free-port.ts';
import { repositoryRoot } from '../../scripts/web-build.ts';

export type RunningSite = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The site exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The site did not become healthy:\n${output()}`);
}

/**
 * Starts the real server (the same entry `npm start` uses) on a free port with a fresh
 * data folder, serving the built web app.
 */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'apps/server/src/server.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LANPARTY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitUntilHealthy(baseUrl, child, () => output);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
