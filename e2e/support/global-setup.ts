import type { TestProject } from 'vitest/node';
import { startWebhookReceiver } from '../../apps/server/src/modules/chat/test-support/webhook-receiver.ts';
import { ensureWebAppBuilt } from '../../scripts/web-build.ts';
import { launchSharedBrowser } from './browser.ts';
import './provided-context.ts';
import { startSite } from './site.ts';

/** Builds the web app if needed and starts the real sites every end-to-end file uses. */
export default async function setup(project: TestProject) {
  ensureWebAppBuilt({ log: console.info });
  // The demo community for most tests, and an empty site for what only happens once
  // (the first account becoming its administrator).
  // The demo site posts its chat messages to a local receiver the tests can ask.
  const chat = await startWebhookReceiver();
  const [demoSite, emptySite, browser] = await Promise.all([
    startSite({ LANPARTY_DEMO: '1', DISCORD_WEBHOOK_URL: chat.url }),
    startSite(),
    launchSharedBrowser(),
  ]);
  project.provide('browserEndpoint', browser.wsEndpoint);
  project.provide('baseUrl', demoSite.baseUrl);
  project.provide('emptySiteUrl', emptySite.baseUrl);
  project.provide('demoDataDir', demoSite.dataDir);
  project.provide('chatWebhookUrl', chat.url);
  return async () => {
    await Promise.all([demoSite.stop(), emptySite.stop(), browser.close()]);
    await chat.close();
  };
}
