import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase } from '../db/backup.ts';
import { loadConfigOrExit } from '../server.ts';

/**
 * `npm run backup -- FILE [--force]`: a consistent copy of the configured database, taken
 * while the site runs. Exit codes: 1 when refused or failed, 2 for bad configuration or usage.
 */
const usage = 'Usage: npm run backup -- FILE [--force]   (--force replaces an existing FILE)';
const config = loadConfigOrExit();
const { file, isForced } = readArguments();
try {
  const result = await backupDatabase(config, file, { canOverwrite: isForced });
  const engine = result.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.info(
    `Backed up the ${engine} database (${result.source}) to ${result.file} (${formatSize(result.bytes)}).`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`No backup made: ${error.message}`);
  process.exit(1);
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function readArguments(): { file: string; isForced: boolean } {
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [file, ...rest] = positionals;
    if (file !== undefined && rest.length === 0) {
      return { file: fromCallersFolder(file), isForced: values.force };
    }
  } catch {
    // An unknown option: the usage below says what is known.
  }
  console.error(usage);
  process.exit(2);
}

/** npm runs scripts from the repository root; FILE is meant from where npm was typed. */
function fromCallersFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
