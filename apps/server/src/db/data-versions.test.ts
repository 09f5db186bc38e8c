import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import { createKeptAnswers } from '../http/kept-answers.ts';
import { readDataVersions, treatEveryReadAsAfterAChange } from './data-versions.ts';
import type { AppDatabase } from './database.ts';

describe.each(testEngines)('LANPARTY_FRESH_READS on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  it('makes every look at the versions find the data changed, so nothing kept is served', async () => {
    const answers = createKeptAnswers(db);
    let fills = 0;
    const read = (scope?: object) =>
      answers.read('a read', { groups: ['lans', 'playtime'] }, async () => `${++fills}`, scope);
    expect(await readDataVersions(db, ['lans'])).toBe(await readDataVersions(db, ['lans']));
    await read();
    expect(await read()).toBe('1');

    treatEveryReadAsAfterAChange(db);
    expect(await readDataVersions(db, ['lans'])).not.toBe(await readDataVersions(db, ['lans']));
    expect(await read()).toBe('2');
    expect(await read()).toBe('3');
    // Within one request too: each answer it asks for is built afresh.
    const request = {};
    expect([await read(request), await read(request)]).toEqual(['4', '5']);
  });
});
