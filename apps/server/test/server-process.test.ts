import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../scripts/free-port.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function runServer(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, deadline = Date.now() + 15_000): Promise<Response> {
  while (Date.now() < deadline) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the server did not start');
}

describe('the server process', () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with bad variables, naming each, and starts nothing', async () => {
    const dataDir = path.join(tmpdir(), `lanparty-never-${process.pid}`);
    const run = runServer({
      PORT: 'abc',
      TZ_COMMUNITY: 'Nowhere/Town',
      LANPARTY_DATA_DIR: dataDir,
    });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT: must be a whole number');
    expect(run.output()).toContain('TZ_COMMUNITY: must be an IANA time zone');
    // Nothing half-started: not even the data folder was created.
    await expect(import('node:fs').then((fs) => fs.existsSync(dataDir))).resolves.toBe(false);
  });

  it('serves the health check and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-process-'));
    dataDirs.push(dataDir);
    const port = await findFreePort();
    const run = runServer({ PORT: String(port), HOST: '127.0.0.1', LANPARTY_DATA_DIR: dataDir });
    const response = await waitForHealth(port);
    expect(response.status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
  });
});
