import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadContext } from './reads.ts';
import type { LoadResult, Variant } from './report.ts';

/** A read's answer as the real server gave it, for the floor to give again. */
export type RecordedAnswer = {
  path: string;
  status: number;
  /**
   * Every header line the server wrote for it, in its order, but those `node:http` writes
   * itself (Date, Connection, Keep-Alive): the floor sends the very same response bytes.
   */
  headers: [name: string, value: string][];
  /** base64 */
  body: string;
};

/** The header lines `node:http` adds to every answer: the floor's server adds them too. */
const writtenByNodeHttp = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function headersToRecord(headers: Record<string, string>): [string, string][] {
  return Object.entries(headers).filter(([name]) => !writtenByNodeHttp.has(name.toLowerCase()));
}

export type LoadSpec = {
  origin: string;
  read: string;
  context: ReadContext;
  variant: Variant;
  headers: Record<string, string>;
  connections: number;
  warmUpSeconds: number;
  seconds: number;
};

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function firstMessage<Message>(child: ChildProcess, what: string): Promise<Message> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Message));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before answering`)));
  });
}

export type Floor = { origin: string; pid: number; stop: () => Promise<void> };

/** The floor server (floor-server.ts) in its own process, answering these answers. */
export async function startFloor(answers: readonly RecordedAnswer[]): Promise<Floor> {
  const child = fork(here('./floor-server.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listening = firstMessage<{ port: number }>(child, 'The floor server');
  child.send({ answers });
  const { port } = await listening;
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** One load (load-worker.ts) from a process of its own; answers what it measured. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const child = fork(here('./load-worker.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = firstMessage<LoadResult>(child, 'The load');
  child.send(spec);
  const answer = await result;
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  return answer;
}
