import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo community's site, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
    /** A site nobody has an account on yet. */
    emptySiteUrl: string;
    /** The demo site's data folder (its mails are .eml files in mail/). */
    demoDataDir: string;
    /** The demo site's chat webhook; a GET answers what it was posted. */
    chatWebhookUrl: string;
    /** The run's one Chromium, which every file connects to (see launchSharedBrowser). */
    browserEndpoint: string;
  }
}

/** The address of the site the global setup started. */
export function siteUrl(path = ''): string {
  return `${inject('baseUrl')}${path}`;
}

/** The address of the site without accounts. */
export function emptySiteUrl(path = ''): string {
  return `${inject('emptySiteUrl')}${path}`;
}

/** The demo site's data folder. */
export function demoDataDir(): string {
  return inject('demoDataDir');
}

/** What the demo site has posted to its chat webhook so far. */
export async function chatPosts(): Promise<Array<{ body: unknown; status: number }>> {
  const response = await fetch(inject('chatWebhookUrl'));
  return (await response.json()) as Array<{ body: unknown; status: number }>;
}
