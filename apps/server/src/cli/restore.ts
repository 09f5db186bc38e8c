import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreDatabase } from '../db/backup.ts';
import { loadConfigOrExit } from '../server.ts';

/**
 * `npm run restore -- FILE`: puts a backup back into an empty data folder or database.
 * Exit codes: 1 when refused or failed (nothing changed), 2 for bad configuration or usage.
 */
const usage = 'Usage: npm run restore -- FILE   (into a data folder or schema without a database)';
const config = loadConfigOrExit();
const file = readFileArgument();
try {
  const result = await restoreDatabase(config, file);
  console.info(`Restored ${result.file} into ${result.target}. Start the site: npm start.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Not restored: ${error.message}`);
  process.exit(1);
}

function readFileArgument(): string {
  try {
    const { positionals } = parseArgs({ options: {}, allowPositionals: true });
    const [file, ...rest] = positionals;
    if (file !== undefined && rest.length === 0) return fromCallersFolder(file);
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
