import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup's site listens, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
  }
}

/** The address of the site the global setup started. */
export function siteUrl(path = ''): string {
  return `${inject('baseUrl')}${path}`;
}
