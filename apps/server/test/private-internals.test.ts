import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 §1: nothing of ours stands on another library's private internals, so an
 * ordinary upgrade of zod, pg or oidc-client-ts cannot break every answer or every sign-in
 * without a type error. Each entry names one such internal the code once used; a source
 * file (outside node_modules, tests included) that names it again fails this test.
 */
const privateInternals: Array<{ what: string; pattern: RegExp }> = [
  { what: "zod's internal definitions (_zod, _def)", pattern: /\b_zod\b|\._def\b/ },
  { what: "pg's per-connection statement cache (parsedStatements)", pattern: /parsedStatements/ },
  {
    what: "oidc-client-ts's storage key format (oidc.user:…, its state store's oidc.<id>)",
    pattern: /['"`]oidc\.(user:)?['"`$]|oidc\.user:/,
  },
];

const repoRoot = path.join(import.meta.dirname, '../../..');
const roots = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages', 'e2e', 'scripts'];
const thisFile = path.relative(repoRoot, import.meta.filename);

function sourceFiles(): string[] {
  return roots.flatMap((root) =>
    readdirSync(path.join(repoRoot, root), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
      .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.split(path.sep).includes('node_modules') && file !== thisFile),
  );
}

/** `file:line: text` for each line that names one of the internals. */
function findInternals(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      privateInternals
        .filter(({ pattern }) => pattern.test(line))
        .map(({ what }) => `${file}:${index + 1}: ${what}: ${line.trim()}`),
    );
}

describe('no private internals of other libraries', () => {
  it('finds each internal it looks for (the check itself can fail)', () => {
    const samples = [
      'const def = (schema as any)._zod.def;',
      'if (schema._def.typeName) {}',
      'connection.parsedStatements[name] = text;',
      'localStorage.getItem("oidc.user:" + authority + ":" + clientId);',
      "const STATE_PREFIX = 'oidc.';",
    ];
    for (const sample of samples) expect(findInternals('sample.ts', sample)).toHaveLength(1);
    expect(findInternals('sample.ts', "const key = 'lanparty.session';")).toEqual([]);
  });

  it('no source file names one', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findInternals(file, readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
