import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { trackConnections } from './http/connections.ts';

/** A deploy waits for the old server this long at most (issue 31 asks for 5 s). */
const shutdownGraceMs = 4_000;

/**
 * Starts the site and stops it cleanly on SIGTERM/SIGINT: it takes no new request, ends
 * the live update streams (telling each client to come back within 2 s, to another server
 * or this one's successor), answers the requests in flight, closes every idle connection,
 * closes the database, and exits.
 */
export async function startServer(config: Config): Promise<void> {
  const app = await buildApp(config);
  const connections = trackConnections(app.server);
  let isClosing = false;
  const shutDown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, shutdownGraceMs).unref();
    connections.closeWhenIdle();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutDown('SIGTERM'));
  process.once('SIGINT', () => void shutDown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Lanparty is up at ${config.publicUrl.href}${config.isDemo ? ' (demo community)' : ''}`,
  );
}

/** Reads the configuration or stops with one message naming every bad variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  startServer(config).catch((error: unknown) => {
    console.error('Lanparty could not start:', error);
    process.exit(1);
  });
}
