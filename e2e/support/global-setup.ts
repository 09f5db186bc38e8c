import type { TestProject } from 'vitest/node';
import { startWebhookReceiver } from '../../apps/server/src/modules/chat/test-support/webhook-receiver.ts';
import { ensureWebAppBuilt } from '../../scripts/web-build.ts';
import { launchSharedBrowser } from './browser.ts';
import type { DemoSite } from './provided-context.ts';
import { startSite } from './site.ts';
import { e2eWorkers } from './workers.ts';

/**
 * Builds the web app if needed and starts the real sites the end-to-end files use: a demo
 * community for each worker (its files run one after another on it, as on a site of their
 * own; decision 053), an empty site for what only happens once (the first account becoming
 * its administrator), and the one Chromium every file connects to.
 */
export default async function setup(project: TestProject) {
  ensureWebAppBuilt({ log: console.info });
  const startDemoSite = async (): Promise<DemoSite & { stop: () => Promise<void> }> => {
    // Each demo site posts its chat messages to a local receiver of its own the tests ask.
    const chat = await startWebhookReceiver();
    const site = await startSite({ LANPARTY_DEMO: '1', DISCORD_WEBHOOK_URL: chat.url });
    return {
      baseUrl: site.baseUrl,
      dataDir: site.dataDir,
      chatWebhookUrl: chat.url,
      stop: async () => {
        await site.stop();
        await chat.close();
      },
    };
  };
  const [demoSites, emptySite, browser] = await Promise.all([
    Promise.all(Array.from({ length: e2eWorkers }, startDemoSite)),
    startSite(),
    launchSharedBrowser(),
  ]);
  project.provide('browserEndpoint', browser.wsEndpoint);
  project.provide(
    'demoSites',
    demoSites.map(({ baseUrl, dataDir, chatWebhookUrl }) => ({ baseUrl, dataDir, chatWebhookUrl })),
  );
  project.provide('emptySiteUrl', emptySite.baseUrl);
  return async () => {
    await Promise.all([...demoSites.map((site) => site.stop()), emptySite.stop(), browser.close()]);
  };
}
