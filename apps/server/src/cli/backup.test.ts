import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../../test/test-database.ts';
import { createDatabase, databaseSchemaOf, migrateToLatest } from '../db/database.ts';

const cliFolder = fileURLToPath(new URL('.', import.meta.url));

function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(cliFolder, `${name}.ts`), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup and npm run restore', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-backups-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const sites: TestSite[] = [];
  afterEach(async () => {
    for (const site of sites.splice(0)) await site.cleanUp();
  });

  // Each run starts a Node process: a few seconds on a busy machine.
  it('exit 0 when done, 1 when refused, 2 on bad configuration', { timeout: 60_000 }, async () => {
    const source = await createTestSite('sqlite', {}, { from: 'empty' });
    const target = await createTestSite('sqlite', {}, { from: 'empty' });
    sites.push(source, target);
    const db = createDatabase(source.config.database);
    await migrateToLatest(db, databaseSchemaOf(source.config));
    await db.destroy();
    const file = path.join(folder, 'cli.backup');

    const backup = await runCli('backup', [file], { LANPARTY_DATA_DIR: source.dataDir });
    expect(backup).toMatchObject({ code: 0, output: expect.stringContaining('Backed up') });
    const [again, restore, badConfig] = await Promise.all([
      runCli('backup', [file], { LANPARTY_DATA_DIR: source.dataDir }),
      runCli('restore', [file], { LANPARTY_DATA_DIR: target.dataDir }),
      runCli('restore', [file], { DATABASE_URL: 'mysql://nope' }),
    ]);
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining('--force') });
    expect(restore).toMatchObject({ code: 0, output: expect.stringContaining('Restored') });
    expect(badConfig).toMatchObject({
      code: 2,
      output: expect.stringContaining('DATABASE_URL: must be a postgres:// address'),
    });
  });
});
