import { isIP } from 'node:net';
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

/**
 * Who signs people in: the embedded provider under /oidc (default), or any standard
 * OpenID Connect issuer such as a Keycloak realm.
 */
export type IdentityConfig =
  | { kind: 'embedded'; issuer: string; clientId: string; audience: string; steamIdClaim: string }
  | { kind: 'external'; issuer: string; clientId: string; audience: string; steamIdClaim: string };

export type SteamConfig = {
  /** Steam Web API base URL (GetPlayerSummaries, GetOwnedGames). */
  apiUrl: string;
  /** Without a key nothing is asked of the Steam Web API. */
  apiKey: string | undefined;
  /** Steam's OpenID 2.0 endpoint for "Sign in through Steam". */
  openIdUrl: string;
};

export type MailConfig = {
  /** smtp:// or smtps:// address; unset writes .eml files to the data folder instead. */
  smtpUrl: string | undefined;
  from: string;
};

export type ChatConfig = {
  /** Discord-compatible webhook for announcements; unset turns chat posts off. */
  webhookUrl: string | undefined;
};

/**
 * Whose word on the client's address counts (Fastify's `trustProxy`): nobody's (the socket
 * address counts), the proxies at these addresses or networks, or this many proxy hops.
 */
export type TrustProxy = false | string[] | number;

export type Config = {
  port: number;
  host: string;
  trustProxy: TrustProxy;
  publicUrl: URL;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: LogLevel;
  communityTimeZone: string;
  isDemo: boolean;
  /** How many times the demo community's usual size to seed (LANPARTY_DEMO_SCALE). */
  demoScale: number;
  /** The changes one person may ask of the API in a minute (WRITES_PER_MINUTE). */
  writesPerMinute: number;
  /** The live update streams one server keeps open at most (LIVE_STREAMS_MAX). */
  liveStreamsMax: number;
  isProduction: boolean;
  webDistDir: string;
  identity: IdentityConfig;
  steam: SteamConfig;
  mail: MailConfig;
  chat: ChatConfig;
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
  TRUST_PROXY:
    'The reverse proxies whose X-Forwarded-For counts: addresses or CIDRs (comma-separated), or a hop count. Unset: nobody; the connecting address counts.',
  PUBLIC_URL:
    'Address visitors use to reach the site (links in mails, chat). Default http://localhost:PORT.',
  LANPARTY_DATA_DIR:
    'Folder for the SQLite database and outgoing mail; everything else is in the database. Default ./data (./data/demo for npm run demo).',
  DATABASE_URL: 'Unset: SQLite file lanparty.sqlite in the data folder. postgres://… : PostgreSQL.',
  DATABASE_SCHEMA:
    'PostgreSQL schema to use (created when missing). Default: the server default (public).',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent. Default info.',
  TZ_COMMUNITY: "The community's time zone (play days, months). Default Europe/Amsterdam.",
  LANPARTY_DEMO: 'Set to 1 to fill the demo community (npm run demo sets it). Default off.',
  LANPARTY_DEMO_SCALE:
    'With LANPARTY_DEMO: the demo community this many times its size (a whole number, at least 1). Default 1.',
  WRITES_PER_MINUTE:
    'The changes (POST, PUT, PATCH, DELETE) one signed-in person may ask of the API in a minute; past it, 429. Default 120.',
  LIVE_STREAMS_MAX:
    'The live update streams (GET /api/events) one server keeps open at most; past it, 429. Default 500.',
  NODE_ENV: 'production hides build details in logs and errors. Default production.',
  OIDC_ISSUER:
    'External OpenID Connect issuer (e.g. a Keycloak realm URL). Unset: the embedded provider at /oidc.',
  OIDC_CLIENT_ID: 'With OIDC_ISSUER: the public client the web app signs in with.',
  OIDC_AUDIENCE: 'With OIDC_ISSUER: the audience (aud) access tokens must carry for the API.',
  OIDC_STEAM_ID_CLAIM: 'With OIDC_ISSUER: the token claim holding the SteamID64. Default steam_id.',
  STEAM_API_KEY: 'Steam Web API key. Unset: no Steam profile sync and no playtime collection.',
  STEAM_API_URL: 'Steam Web API base URL. Default https://api.steampowered.com.',
  STEAM_OPENID_URL: 'Steam OpenID 2.0 endpoint. Default https://steamcommunity.com/openid/login.',
  SMTP_URL:
    'smtp:// or smtps:// address of the mail server. Unset: mails are .eml files in the data folder.',
  MAIL_FROM: 'Sender of mails. Default Lanparty <noreply@HOST of PUBLIC_URL>.',
  DISCORD_WEBHOOK_URL:
    'Discord-compatible webhook URL for lan announcements and accepted lanners. Unset: no chat posts.',
} as const;

/** The embedded provider's API audience; tokens for the API carry it in `aud`. */
export const embeddedAudience = 'lanparty-api';
export const embeddedClientId = 'lanparty-web';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false'], { message: 'must be 1, 0, true or false' })
  .default('0')
  .transform((value) => value === '1' || value === 'true');

const wholeNumberFromOne = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'must be a whole number of at least 1')
  .transform(Number)
  .refine(Number.isSafeInteger, 'must be a whole number of at least 1');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const trustProxyMessage =
  'must be the addresses or CIDRs of your proxies (e.g. 10.0.0.5,192.168.1.0/24), loopback, or a hop count from 1 to 10';

/** Names proxy-addr knows for whole address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count, or a list of proxy addresses and networks. `true` (trust every
 * address) is refused on purpose: it would let any client choose its own address, and with
 * it escape every attempt limit.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) {
        context.addIssue({ code: 'custom', message: trustProxyMessage });
        return z.NEVER;
      }
      return trust;
    })
    .optional(),
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
  LANPARTY_DEMO_SCALE: wholeNumberFromOne.default(1),
  WRITES_PER_MINUTE: wholeNumberFromOne.default(120),
  LIVE_STREAMS_MAX: wholeNumberFromOne.default(500),
  NODE_ENV: z.string().default('production'),
  LANPARTY_WEB_DIST: z.string().optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_STEAM_ID_CLAIM: z.string().default('steam_id'),
  STEAM_API_KEY: z.string().optional(),
  STEAM_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .default('https://api.steampowered.com'),
  STEAM_OPENID_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .default('https://steamcommunity.com/openid/login'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// address')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be a mail address').optional(),
  DISCORD_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .optional(),
});

/** An external issuer needs its client and audience too; name what is missing. */
const identityRule = environmentSchema.superRefine((settings, context) => {
  if (!settings.OIDC_ISSUER) return;
  for (const name of ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE'] as const) {
    if (!settings[name]) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when OIDC_ISSUER is set',
      });
    }
  }
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
  const parsed = identityRule.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}: ${issue.message} (got "${values[name] ?? ''}")`;
    });
    throw new ConfigError(problems);
  }
  const settings = parsed.data;
  const publicUrl = new URL(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`);
  const isDemo = settings.LANPARTY_DEMO;
  const dataDir = path.resolve(cwd, settings.LANPARTY_DATA_DIR ?? (isDemo ? 'data/demo' : 'data'));
  const database: DatabaseConfig = settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL, schema: settings.DATABASE_SCHEMA }
    : { kind: 'sqlite', file: path.join(dataDir, 'lanparty.sqlite') };
  return {
    port: settings.PORT,
    host: settings.HOST,
    trustProxy: settings.TRUST_PROXY ?? false,
    publicUrl,
    dataDir,
    database,
    logLevel: settings.LOG_LEVEL,
    communityTimeZone: settings.TZ_COMMUNITY,
    isDemo,
    demoScale: settings.LANPARTY_DEMO_SCALE,
    writesPerMinute: settings.WRITES_PER_MINUTE,
    liveStreamsMax: settings.LIVE_STREAMS_MAX,
    isProduction: settings.NODE_ENV === 'production',
    webDistDir: path.resolve(
      cwd,
      settings.LANPARTY_WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist'),
    ),
    identity: identityOf(settings, publicUrl),
    steam: {
      apiUrl: settings.STEAM_API_URL.replace(/\/+$/, ''),
      apiKey: settings.STEAM_API_KEY,
      openIdUrl: settings.STEAM_OPENID_URL,
    },
    mail: {
      smtpUrl: settings.SMTP_URL,
      from: settings.MAIL_FROM ?? `Lanparty <noreply@${publicUrl.hostname}>`,
    },
    chat: { webhookUrl: settings.DISCORD_WEBHOOK_URL },
  };
}

function identityOf(settings: z.infer<typeof environmentSchema>, publicUrl: URL): IdentityConfig {
  if (settings.OIDC_ISSUER && settings.OIDC_CLIENT_ID && settings.OIDC_AUDIENCE) {
    return {
      kind: 'external',
      issuer: settings.OIDC_ISSUER,
      clientId: settings.OIDC_CLIENT_ID,
      audience: settings.OIDC_AUDIENCE,
      steamIdClaim: settings.OIDC_STEAM_ID_CLAIM,
    };
  }
  return {
    kind: 'embedded',
    issuer: new URL('oidc', publicUrl).href,
    clientId: embeddedClientId,
    audience: embeddedAudience,
    steamIdClaim: 'steam_id',
  };
}
