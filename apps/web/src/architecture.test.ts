import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layout, as docs/ARCHITECTURE.md tells it: no two files import each other
 * in a circle, and features/admin holds the admin shell and the administration of people
 * only; every other screen lives in the feature of its domain (seating, schedule, lans…).
 */
const root = import.meta.dirname;

/** Every web file of code, tests apart (nothing imports a test). */
function codeFiles(): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The web files each file imports by a relative path: types and lazy imports count too. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map(([, target]) => path.join(path.dirname(file), target as string))
    .filter((target) => known.has(target));
}

/** The first circle of imports a depth-first walk meets, file by file, or null. */
function findCircle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const trail: string[] = [];
  const walk = (file: string): string[] | null => {
    const at = trail.indexOf(file);
    if (at >= 0) return [...trail.slice(at), file];
    if (done.has(file)) return null;
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = walk(next);
      if (circle) return circle;
    }
    trail.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = walk(file);
    if (circle) return circle;
  }
  return null;
}

/**
 * What features/admin may hold, by file name (tests and styles named after their file): the
 * admin shell, and the administration of people — users with their roles, sign-ups and
 * erasure, and a lan's participants (its subscribers). A lan, its seat plan, schedule,
 * announcements, screens, messages or door belong to their own features.
 */
const adminAreas: Record<string, RegExp> = {
  shell: /^(admin-layout|nav-link)$/,
  users:
    /^(admin-users?-route|users-table|get-user|update-user-roles|role-editor|readiness|erase-user|admin-sign-ups-route|sign-ups-table)$/,
  participants:
    /^(lan-participants|participants?(-[a-z-]+)?|use-participant-changes|change-subscriber)$/,
};

describe('the web app’s layout', () => {
  it('has no circle of imports between its files', () => {
    const files = codeFiles();
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)] as const));
    // The walk sees the imports: a file no longer read would hide every circle.
    expect(graph.get(path.join('app', 'router.tsx'))?.length).toBeGreaterThan(5);
    expect(findCircle(graph)).toBeNull();
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCircle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCircle(new Map([['a.ts', ['b.ts']]]))).toBeNull();
  });

  it('keeps in features/admin only the admin shell and the administration of people', () => {
    const adminDir = path.join(root, 'features', 'admin');
    const files = readdirSync(adminDir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(adminDir, path.join(entry.parentPath, entry.name)));
    expect(files.length).toBeGreaterThan(10);
    const strays = files.filter((file) => {
      const name = path.basename(file).replace(/(\.test|\.module)?\.(tsx?|css)$/, '');
      return !Object.values(adminAreas).some((area) => area.test(name));
    });
    expect(strays, 'move each to the feature of its domain').toEqual([]);
  });

  it('has Biome keep every feature from importing another', () => {
    // biome.json's rule for features/ names each feature folder by the paths a neighbour
    // would use: a folder it misses could import others unseen.
    const biome = JSON.parse(readFileSync(path.join(root, '../../../biome.json'), 'utf8')) as {
      overrides: { includes: string[]; linter?: unknown }[];
    };
    const rule = biome.overrides.find((override) =>
      override.includes.includes('apps/web/src/features/**'),
    );
    const restricted = JSON.stringify(rule?.linter ?? {});
    const features = readdirSync(path.join(root, 'features'));
    const unlisted = features.filter(
      (feature) =>
        !['../', '../../', '../../../'].every((up) => restricted.includes(`"${up}${feature}/**"`)),
    );
    expect(unlisted).toEqual([]);
  });
});
