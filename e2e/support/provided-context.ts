import { inject } from 'vitest';

/** A demo community's site the global setup started, one per worker. */
export type DemoSite = {
  /** e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Its data folder (its mails are .eml files in mail/). */
  dataDir: string;
  /** Its chat webhook; a GET answers what it was posted. */
  chatWebhookUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo sites, one per worker (see demoSite). */
    demoSites: DemoSite[];
    /** A site nobody has an account on yet. */
    emptySiteUrl: string;
    /** The run's one Chromium, which every file connects to (see launchSharedBrowser). */
    browserEndpoint: string;
  }
}

/** This worker's demo site (VITEST_POOL_ID counts the workers from 1). */
function demoSite(): DemoSite {
  const sites = inject('demoSites');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  return sites[worker % sites.length] as DemoSite;
}

/** The address of this worker's demo site. */
export function siteUrl(path = ''): string {
  return `${demoSite().baseUrl}${path}`;
}

/** The address of the site without accounts. */
export function emptySiteUrl(path = ''): string {
  return `${inject('emptySiteUrl')}${path}`;
}

/** The demo site's data folder. */
export function demoDataDir(): string {
  return demoSite().dataDir;
}

/** What the demo site has posted to its chat webhook so far. */
export async function chatPosts(): Promise<Array<{ body: unknown; status: number }>> {
  const response = await fetch(demoSite().chatWebhookUrl);
  return (await response.json()) as Array<{ body: unknown; status: number }>;
}
