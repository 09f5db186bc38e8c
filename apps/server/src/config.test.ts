import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const cwd = '/srv/lanparty';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(cwd, 'data/lanparty.sqlite'),
    });
    expect(config.logLevel).toBe('info');
    expect(config.communityTimeZone).toBe('Europe/Amsterdam');
    expect(config.isDemo).toBe(false);
    expect(config.demoScale).toBe(1);
    expect(config.liveStreamsMax).toBe(500);
    expect(config.isProduction).toBe(true);
  });

  it('keeps as many live update streams open as LIVE_STREAMS_MAX says, a whole number', () => {
    expect(loadConfig({ LIVE_STREAMS_MAX: '1200' }, cwd).liveStreamsMax).toBe(1200);
    expect(problemsOf({ LIVE_STREAMS_MAX: '0' })).toEqual([
      'LIVE_STREAMS_MAX: must be a whole number of at least 1 (got "0")',
    ]);
  });

  it('scales the demo community by a whole number of at least 1, and names anything else', () => {
    expect(loadConfig({ LANPARTY_DEMO: '1', LANPARTY_DEMO_SCALE: '10' }, cwd).demoScale).toBe(10);
    for (const scale of ['0', '-1', '2.5', '1e2', 'ten', '01', ' 2'])
      expect(problemsOf({ LANPARTY_DEMO_SCALE: scale })).toEqual([
        `LANPARTY_DEMO_SCALE: must be a whole number of at least 1 (got "${scale}")`,
      ]);
  });

  it('keeps the demo community in its own data folder unless one is given', () => {
    expect(loadConfig({ LANPARTY_DEMO: '1' }, cwd).dataDir).toBe(path.join(cwd, 'data/demo'));
    expect(loadConfig({ LANPARTY_DEMO: '1', LANPARTY_DATA_DIR: '/var/lan' }, cwd).dataDir).toBe(
      '/var/lan',
    );
    expect(loadConfig({ LANPARTY_DEMO: 'true' }, cwd).isDemo).toBe(true);
    expect(loadConfig({ LANPARTY_DEMO: '0' }, cwd).isDemo).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres address', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://lan@db:5432/lanparty', DATABASE_SCHEMA: 'site' },
      cwd,
    );
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://lan@db:5432/lanparty',
      schema: 'site',
    });
  });

  it('derives the public address from the port and accepts an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }, cwd).publicUrl.href).toBe('http://localhost:8080/');
    expect(loadConfig({ PUBLIC_URL: 'https://lan.example.org' }, cwd).publicUrl.href).toBe(
      'https://lan.example.org/',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, cwd).port).toBe(3000);
  });

  it('names every bad variable in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_URL: 'ftp://lan',
      DATABASE_URL: 'mysql://db',
      LOG_LEVEL: 'loud',
      TZ_COMMUNITY: 'Mars/Olympus_Mons',
      LANPARTY_DEMO: 'maybe',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual(
      ['DATABASE_URL', 'LANPARTY_DEMO', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'TZ_COMMUNITY'].sort(),
    );
    expect(problems.find((problem) => problem.startsWith('PORT'))).toContain('"eighty"');
  });

  it('refuses ports out of range', () => {
    expect(problemsOf({ PORT: '0' })[0]).toMatch(
      /^PORT: must be a whole number between 1 and 65535/,
    );
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT/);
    expect(problemsOf({ PORT: '30.5' })[0]).toMatch(/^PORT/);
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}, cwd).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toBe(1);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,fd00::/8' }, cwd).trustProxy,
    ).toEqual(['10.0.0.5', '192.168.1.0/24', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }, cwd).trustProxy).toEqual(['loopback']);
  });

  it.each(['true', '*', '0', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(/^TRUST_PROXY: must be the addresses/);
    },
  );

  it('refuses a schema name that is not a plain identifier', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://db/x', DATABASE_SCHEMA: 'a;drop' })[0]).toMatch(
      /^DATABASE_SCHEMA/,
    );
  });
});

describe('identity configuration', () => {
  it('uses the embedded provider under /oidc by default', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://lan.example.org' }, cwd).identity).toEqual({
      kind: 'embedded',
      issuer: 'https://lan.example.org/oidc',
      clientId: 'lanparty-web',
      audience: 'lanparty-api',
      steamIdClaim: 'steam_id',
    });
  });

  it('uses an external issuer when it is configured whole', () => {
    const config = loadConfig(
      {
        OIDC_ISSUER: 'https://sso.example.org/realms/lan',
        OIDC_CLIENT_ID: 'lanparty',
        OIDC_AUDIENCE: 'lanparty-api',
        OIDC_STEAM_ID_CLAIM: 'steamid',
      },
      cwd,
    );
    expect(config.identity).toEqual({
      kind: 'external',
      issuer: 'https://sso.example.org/realms/lan',
      clientId: 'lanparty',
      audience: 'lanparty-api',
      steamIdClaim: 'steamid',
    });
  });

  it('names what an external issuer is missing', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://sso.example.org/realms/lan' }).sort()).toEqual([
      'OIDC_AUDIENCE: is required when OIDC_ISSUER is set (got "")',
      'OIDC_CLIENT_ID: is required when OIDC_ISSUER is set (got "")',
    ]);
  });

  it('refuses a mail server that is not an smtp address', () => {
    expect(problemsOf({ SMTP_URL: 'mail.example.org' })[0]).toMatch(/^SMTP_URL/);
  });

  it('turns chat posts on only when a webhook address is given', () => {
    expect(loadConfig({}, cwd).chat).toEqual({ webhookUrl: undefined });
    expect(
      loadConfig({ DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/abc' }, cwd).chat,
    ).toEqual({ webhookUrl: 'https://discord.com/api/webhooks/1/abc' });
    expect(problemsOf({ DISCORD_WEBHOOK_URL: 'discord.com/hook' })[0]).toMatch(
      /^DISCORD_WEBHOOK_URL: must be an http/,
    );
    expect(problemsOf({ DISCORD_WEBHOOK_URL: 'ftp://example.org/hook' })[0]).toMatch(
      /^DISCORD_WEBHOOK_URL/,
    );
  });
});
