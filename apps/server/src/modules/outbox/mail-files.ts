import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { runEvery } from '../../lib/run-every.ts';
import { findEmptiedMessageIds } from './outbox.repository.ts';

/** The mail folder of a server that writes mail to files (no SMTP_URL). */
export const mailFolderOf = (dataDir: string) => path.join(dataDir, 'mail');

/** A mail file's name: when it was written and its outbox row's id (`…-<id>.eml`). */
export function mailFileName(writtenAt: Date, messageId: string): string {
  return `${writtenAt.toISOString().replaceAll(':', '-')}-${messageId}.eml`;
}

const messageIdOf = (name: string) => /-(\d+)\.eml$/.exec(name)?.[1];

/**
 * The mailer writes `<name>.tmp` and renames it: one still there after this long was left by
 * a crash mid-write, and names its recipient like any mail file.
 */
const leftoverAgeMs = 5 * 60_000;
const isLeftover = (name: string) => name.endsWith('.eml.tmp');

/**
 * A mail file lives as long as its outbox row's text (issue 50): once the row is emptied —
 * by an erasure of anyone it names, or by the retention job after 30 days — the file goes.
 * Each server writes mail into a folder of its own, so every server runs this for its own
 * folder (one mechanism for erasure and retention, on any number of servers). Answers how
 * many files went.
 *
 * Files are found by the id in their name, so no text of them is read; a leftover of a crash
 * mid-write (isLeftover) goes by its age.
 */
export async function sweepMailFolder(
  db: Executor,
  dataDir: string,
  now = new Date(),
): Promise<number> {
  const folder = mailFolderOf(dataDir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  const byId = new Map<number, string[]>();
  for (const name of names) {
    const id = messageIdOf(name);
    if (id !== undefined) byId.set(Number(id), [...(byId.get(Number(id)) ?? []), name]);
  }
  let deleted = 0;
  for (const name of names.filter(isLeftover)) {
    const file = path.join(folder, name);
    const written = await stat(file).catch(() => undefined);
    if (written && now.getTime() - written.mtimeMs > leftoverAgeMs) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  const ids = [...byId.keys()];
  for (let start = 0; start < ids.length; start += 500)
    for (const id of await findEmptiedMessageIds(db, ids.slice(start, start + 500)))
      for (const name of byId.get(id) ?? []) {
        await rm(path.join(folder, name), { force: true });
        deleted += 1;
      }
  return deleted;
}

/**
 * Every server sweeps its own folder once a minute until stopped, whether it writes mail to
 * files now or not: one that did before it was given SMTP_URL keeps its files until they go
 * (a missing folder costs one readdir).
 */
export function startMailFolderSweeper(
  db: AppDatabase,
  dataDir: string,
  log: FastifyBaseLogger,
): { stop: () => Promise<void> } {
  return runEvery(
    () => sweepMailFolder(db, dataDir),
    60_000,
    (error) => log.error({ err: error }, 'mail folder sweep failed'),
  );
}
