import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../scripts/free-port.ts';
import { startFakeIssuer } from './fake-issuer.ts';

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

  it('stops on SIGTERM with 100 streams, an idle connection and a request in flight', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-process-'));
    dataDirs.push(dataDir);
    const issuer = await startFakeIssuer();
    const port = await findFreePort();
    const run = runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      LANPARTY_DATA_DIR: dataDir,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'lanparty-web',
      OIDC_AUDIENCE: 'lanparty-api',
    });
    try {
      await waitForHealth(port);
      const base = `http://127.0.0.1:${port}`;
      const tokens = await Promise.all(
        Array.from({ length: 20 }, (_, index) => issuer.signToken({ sub: `stopper-${index}` })),
      );
      const auth = (index: number) => ({ authorization: `Bearer ${tokens[index % 20]}` });
      const me = await fetch(`${base}/api/users/me`, { headers: auth(0) });
      const profile = (await me.json()) as Record<string, unknown>;
      // Five streams each for twenty people, each read to its end.
      const streams = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const response = await fetch(`${base}/api/events`, { headers: auth(index) });
          return { status: response.status, text: response.text() };
        }),
      );
      expect(streams.map((stream) => stream.status)).toEqual(Array(100).fill(200));

      // A browser's preconnection: connected, and no request ever sent on it.
      const idle = await openSocket(port);
      // A request whose body is still on its way when the stop begins.
      const inFlight = await openSocket(port);
      const body = JSON.stringify({
        ...profile,
        email: 'stopping@example.org',
        firstName: 'Stop',
        surname: 'Ping',
        city: 'Delft',
        birthDate: '2000-01-01',
      });
      const half = Math.floor(body.length / 2);
      inFlight.socket.write(
        `PUT /api/users/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${`authorization: ${auth(0).authorization}`}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
          body.slice(0, half),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      run.child.kill('SIGTERM');
      while (!run.output().includes('shutting down'))
        await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight.socket.write(body.slice(half));

      // 0, not the 1 of a stop that outlived its grace (4 s).
      expect(await run.exited).toBe(0);
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
      await idle.closed;
      await inFlight.closed;
      for (const stream of streams) {
        // Told to come back soon: to this server's successor, or another behind the address.
        const retries = [...(await stream.text).matchAll(/retry: (\d+)\n\n/g)];
        const comeBackMs = Number((await stream.text).match(/retry: (\d+)\n\n$/)?.[1]);
        expect(retries.length).toBe(2);
        expect(comeBackMs).toBeLessThanOrEqual(2000);
      }
    } finally {
      run.child.kill('SIGKILL');
      await issuer.close();
    }
  });
});

/** A raw connection to the server: what it received, and when it closed. */
async function openSocket(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  return { socket, received: () => received, closed };
}
