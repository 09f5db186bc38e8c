import { loadConfigOrExit, startServer } from '../apps/server/src/server.ts';
import { ensureWebAppBuilt, webDistDir } from './web-build.ts';

/**
 * `npm start` and `npm run demo`: check the configuration first (nothing starts when
 * it is wrong), build the web app when it is missing or stale, then serve the site.
 */
if (process.argv.includes('--demo')) process.env.LANPARTY_DEMO = '1';
const config = loadConfigOrExit();
if (config.webDistDir === webDistDir) ensureWebAppBuilt({ log: console.info });
await startServer(config);
