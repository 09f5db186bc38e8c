import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../scripts/free-port.ts';
import { repositoryRoot } from '../../scripts/web-build.ts';

export type RunningSite = {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
  /**
   * Stops the server as `stop` does but keeps its data folder: `restart` starts it again on
   * the same address, as after an outage, under the tabs still open on it.
   */
  halt: () => Promise<void>;
  restart: () => Promise<void>;
};

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
 * data folder, serving the built web app. `publicHost` names it for its visitors (its
 * PUBLIC_URL and baseUrl): a name the browser maps to 127.0.0.1 is a site on the lan's
 * network, a plain-http one to the browser unlike 127.0.0.1.
 */
export async function startSite(
  env: Record<string, string> = {},
  { publicHost = '127.0.0.1' }: { publicHost?: string } = {},
): Promise<RunningSite> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-e2e-'));
  const baseUrl = `http://${publicHost}:${port}`;
  // Asked for its health at 127.0.0.1: a public host may be a name only the browser knows.
  const localUrl = `http://127.0.0.1:${port}`;
  const server = { port, baseUrl, localUrl, dataDir, env };
  let child = await startServer(server);
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return {
    baseUrl,
    dataDir,
    halt,
    async restart() {
      await halt();
      child = await startServer(server);
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server process and waits until it answers. */
async function startServer({
  port,
  baseUrl,
  localUrl,
  dataDir,
  env,
}: {
  port: number;
  baseUrl: string;
  localUrl: string;
  dataDir: string;
  env: Record<string, string>;
}): Promise<ChildProcess> {
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
  await waitUntilHealthy(localUrl, child, () => output);
  return child;
}
