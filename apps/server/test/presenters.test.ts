import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, '../src/modules');

/** Every presenter of the server, by its path under src/modules. */
const presenters = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.presenter.ts'))
  .sort();

describe('presenters', () => {
  it('are found', () => {
    expect(presenters.length).toBeGreaterThan(0);
  });

  // Loading happens in repositories and services; a presenter shapes rows already loaded,
  // so it neither takes a database nor imports a repository, and it never waits.
  it.each(presenters)('%s only shapes what was loaded', (file) => {
    const text = readFileSync(path.join(modulesDir, file), 'utf8');
    expect(text).not.toMatch(/\b(Executor|AppDatabase)\b/);
    expect(text).not.toMatch(/^import (?!type ).*\.repository\.ts';$/m);
    expect(text).not.toMatch(/\basync\b|\bawait\b/);
  });
});
