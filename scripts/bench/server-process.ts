import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../apps/server/src/config.ts';
import { dropSchema } from '../../apps/server/test/drop-schema.ts';
import { repositoryRoot } from '../web-build.ts';
import type { Engine } from './options.ts';

/**
 * The real server in a process of its own, started from the entry `npm start` serves
 * with (apps/server/src/server.ts, as e2e/support/site.ts does), demo community on, its
 * log at LOG_LEVEL info as in production, written to a pipe this process drains.
 */

/** Where a benchmark site keeps its data: a fresh folder, and on PostgreSQL a fresh schema. */
export type DataPlace = {
  engine: Engine;
  dataDir: string;
  env: Record<string, string>;
  /** The database the server opens from `env` (config.ts), for writes made beside it. */
  database: DatabaseConfig;
  /** Removes the folder and drops the schema. */
  remove: () => Promise<void>;
};

export function createDataPlace(engine: Engine, postgresUrl: string): DataPlace {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-bench-'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  return {
    engine,
    dataDir,
    env: {
      LANPARTY_DATA_DIR: dataDir,
      ...(engine === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    },
    database:
      engine === 'postgres'
        ? { kind: 'postgres', url: postgresUrl, schema }
        : { kind: 'sqlite', file: path.join(dataDir, 'lanparty.sqlite') },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await dropSchema(postgresUrl, schema);
    },
  };
}

export type RunningServer = {
  origin: string;
  pid: number;
  /** From the spawn to the first healthy answer (migrations and demo seeding included). */
  startedInMs: number;
  /** The last lines it wrote. */
  output: () => string;
  stop: () => Promise<void>;
};

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port below the kernel's range for ephemeral ports (32768 and up), which
 * `findFreePort` and every outgoing connection draw from: a site restarted on its port
 * does not find it taken by another test's server started in the meantime.
 */
export async function findBenchPort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await isFree(port)) return port;
  }
  throw new Error('No free port between 20000 and 32000');
}

const serverEntry = path.join(repositoryRoot, 'apps/server/src/server.ts');
const keptOutput = 16_384;

async function waitUntilHealthy(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/**
 * Starts the server on `port` (default: a free one) with the place's data; `nodeArgs` go to
 * Node before the entry (bench:screen's soak opens the inspector to read the heap).
 */
export async function startServerProcess(
  place: DataPlace,
  env: Record<string, string>,
  port?: number,
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  port ??= await findBenchPort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      ...nodeArgs,
      serverEntry,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        LOG_LEVEL: 'info',
        LANPARTY_DEMO: '1',
        ...place.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Drained as it comes, keeping only the end for when something goes wrong.
  const keep = (chunk: Buffer) => {
    if (process.env.BENCH_SERVER_LOG)
      appendFileSync(`${process.env.BENCH_SERVER_LOG}-${port}.log`, chunk);
    output = (output + chunk.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilHealthy(origin, child, () => output);
    // Healthy, and still running: the answer was its own, not another server's on the port.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    origin,
    pid: child.pid ?? 0,
    startedInMs: performance.now() - started,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
