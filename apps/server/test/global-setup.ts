import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates } from './database-templates.ts';

/** Migrates once per engine for the whole run; each test site starts from a copy. */
export default async function setup(project: TestProject) {
  const templates = await makeDatabaseTemplates(process.env.TEST_DATABASE_URL);
  const { remove, ...provided } = templates;
  project.provide('databaseTemplates', provided);
  return remove;
}
