import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so relative defaults work whichever folder npm runs us from. */
export const repositoryRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema: string | undefined };

export type Config = {
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: LogLevel;
  communityTimeZone: string;
  isDemo: boolean;
  isProduction: boolean;
  webDistDir: string;
};

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

/**
 * Every variable the server reads, with its default and meaning. The README's
 * configuration table is written from this list; keep them together.
 */
export const environmentVariables = {
  PORT: 'Port the site listens on. Default 3000.',
  HOST: 'Interface to listen on. Default 0.0.0.0 (every interface).',
  PUBLIC_URL:
    'Address visitors use to reach the site (links in mails, chat). Default http://localhost:PORT.',
  LANPARTY_DATA_DIR:
    'Folder for the SQLite database, uploads, keys and outgoing mail. Default ./data (./data/demo for npm run demo).',
  DATABASE_URL: 'Unset: SQLite file lanparty.sqlite in the data folder. postgres://… : PostgreSQL.',
  DATABASE_SCHEMA:
    'PostgreSQL schema to use (created when missing). Default: the server default (public).',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent. Default info.',
  TZ_COMMUNITY: "The community's time zone (play days, months). Default Europe/Amsterdam.",
  LANPARTY_DEMO: 'Set to 1 to fill the demo community (npm run demo sets it). Default off.',
  NODE_ENV: 'production hides build details in logs and errors. Default production.',
} as const;

const booleanFlag = z
  .enum(['1', '0', 'true', 'false'], { message: 'must be 1, 0, true or false' })
  .default('0')
  .transform((value) => value === '1' || value === 'true');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .optional(),
  LANPARTY_DATA_DIR: z.string().min(1, 'must not be empty').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// address, or unset for SQLite')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lower-case identifier')
    .optional(),
  LOG_LEVEL: z
    .enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })
    .default('info'),
  TZ_COMMUNITY: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam')
    .default('Europe/Amsterdam'),
  LANPARTY_DEMO: booleanFlag,
  NODE_ENV: z.string().default('production'),
  LANPARTY_WEB_DIST: z.string().optional(),
});

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Empty strings count as unset, as they do in most shells' `VAR= cmd`. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/**
 * Reads and validates the configuration. Throws one ConfigError naming every bad
 * variable, so an operator fixes them all in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const values = withoutEmptyValues(env);
  const parsed = environmentSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}: ${issue.message} (got "${values[name] ?? ''}")`;
    });
    throw new ConfigError(problems);
  }
  const settings = parsed.data;
  const isDemo = settings.LANPARTY_DEMO;
  const dataDir = path.resolve(cwd, settings.LANPARTY_DATA_DIR ?? (isDemo ? 'data/demo' : 'data'));
  const database: DatabaseConfig = settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL, schema: settings.DATABASE_SCHEMA }
    : { kind: 'sqlite', file: path.join(dataDir, 'lanparty.sqlite') };
  return {
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: new URL(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`),
    dataDir,
    database,
    logLevel: settings.LOG_LEVEL,
    communityTimeZone: settings.TZ_COMMUNITY,
    isDemo,
    isProduction: settings.NODE_ENV === 'production',
    webDistDir: path.resolve(
      cwd,
      settings.LANPARTY_WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist'),
    ),
  };
}
