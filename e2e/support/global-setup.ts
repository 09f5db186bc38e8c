import type { TestProject } from 'vitest/node';
import { ensureWebAppBuilt } from '../../scripts/web-build.ts';
import './provided-context.ts';
import { startSite } from './site.ts';

/** Builds the web app if needed and starts one real site for every end-to-end file. */
export default async function setup(project: TestProject) {
  ensureWebAppBuilt({ log: console.info });
  const site = await startSite();
  project.provide('baseUrl', site.baseUrl);
  return async () => site.stop();
}
