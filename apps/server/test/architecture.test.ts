import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The rules docs/ARCHITECTURE.md states, kept true by reading the source (issue 52):
 * SQL only in repositories, every 401 and 403 through `authorize`, one way to ask for a
 * signed-in viewer, no source file over 450 lines. Comments and the text of strings are
 * blanked before the rules read a file, so a comment naming `db.selectFrom(` is no query.
 */

const repository = path.join(import.meta.dirname, '../../..');
const serverSource = path.join(import.meta.dirname, '../src');

/** A broken rule: where, and the words that break it. */
type Finding = { file: string; line: number; text: string };

/** Every file under `root` whose name ends with one of `endings` (no node_modules, no builds). */
function filesUnder(root: string, endings: readonly string[]): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[\\/](node_modules|dist|coverage|test-results)[\\/]/.test(file));
}

const isTest = (file: string) => /\.(test|spec|e2e)\.tsx?$/.test(file);

/** The server's production files (tests and the helpers only tests use aside). */
function serverFiles(): string[] {
  return filesUnder(serverSource, ['.ts'])
    .filter((file) => !isTest(file))
    .filter((file) => !file.split(path.sep).includes('test-support'));
}

/** The file's path from the server's `src`, with forward slashes. */
const fromSource = (file: string) => path.relative(serverSource, file).split(path.sep).join('/');

/** Keywords after which a `/` starts a regular expression, not a division. */
const regexAfterWord =
  /(?:^|[^\w$])(return|typeof|case|of|in|do|else|new|delete|void|throw|yield|await)$/;

/**
 * The source with its comments and the text of its strings, template literals and regular
 * expressions blanked (their delimiters and every line break kept, so lines still count):
 * what is left is code. `${…}` inside a template literal stays code.
 */
function codeOf(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  /** Scans code to the end, or in a template to the `}` closing its `${`. */
  const scanCode = (isInTemplate: boolean): void => {
    let depth = 0;
    let last = '';
    while (i < source.length) {
      const c = source[i] as string;
      const next = source[i + 1];
      if (c === '/' && next === '/') {
        const end = source.indexOf('\n', i);
        const stop = end === -1 ? source.length : end;
        blank(i, stop);
        i = stop;
      } else if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end === -1 ? source.length : end + 2;
        blank(i, stop);
        i = stop;
      } else if (c === "'" || c === '"') {
        const start = ++i;
        while (i < source.length && source[i] !== c && source[i] !== '\n')
          i += source[i] === '\\' ? 2 : 1;
        blank(start, i);
        i += 1;
        last = c;
      } else if (c === '`') {
        i += 1;
        scanTemplate();
        last = '`';
      } else if (c === '/' && isRegexStart(last, source.slice(Math.max(0, i - 12), i))) {
        const start = ++i;
        let isInClass = false;
        while (i < source.length && source[i] !== '\n') {
          const r = source[i];
          if (r === '\\') i += 1;
          else if (r === '[') isInClass = true;
          else if (r === ']') isInClass = false;
          else if (r === '/' && !isInClass) break;
          i += 1;
        }
        blank(start, i);
        i += 1;
        last = '/';
      } else {
        if (c === '{') depth += 1;
        if (c === '}') {
          if (isInTemplate && depth === 0) return;
          depth -= 1;
        }
        if (!/\s/.test(c)) last = c;
        i += 1;
      }
    }
  };
  /** Scans a template literal's text from after its opening backtick to after its close. */
  const scanTemplate = (): void => {
    let start = i;
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        blank(start, i);
        i += 1;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        blank(start, i);
        i += 2;
        scanCode(true);
        i += 1;
        start = i;
      } else i += 1;
    }
    blank(start, i);
  };
  const isRegexStart = (last: string, before: string) =>
    last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || regexAfterWord.test(before.trimEnd());
  scanCode(false);
  return out.join('');
}

/** Every match of `patterns` in the code of `source`, with its line. */
function findIn(file: string, source: string, patterns: readonly RegExp[]): Finding[] {
  const code = codeOf(source);
  return patterns.flatMap((pattern) =>
    [...code.matchAll(new RegExp(pattern.source, 'g'))].map((match) => {
      const line = code.slice(0, match.index).split('\n').length;
      return { file, line, text: (source.split('\n')[line - 1] ?? '').trim() };
    }),
  );
}

/**
 * A Kysely query: a query builder's start (`db.selectFrom(`, `trx.updateTable(`, a common
 * table expression `.with('name', …)`, not an array's `.with(0, value)`), the `sql` tag and
 * its helpers (`sql.raw(`, `sql.ref(`…), or `sql` imported from Kysely.
 */
const queryPatterns = [
  /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/,
  /\.\s*with(Recursive)?\s*\(\s*['"`]/,
  /\bsql\s*(<[^`]*?>)?\s*`/,
  /\bsql\s*\.\s*(raw|ref|lit|id|join|table|val|value)\s*\(/,
];

/** Kysely queries in a source file (the import is read before strings are blanked). */
function findQueries(file: string, source: string): Finding[] {
  const imports = [...source.matchAll(/^import\s*\{([^}]*)\}\s*from\s*'kysely'/gm)]
    .filter(([, names]) =>
      (names ?? '').split(',').some((name) => /^\s*sql(\s+as\s+\w+)?\s*$/.test(name)),
    )
    .map((match) => ({
      file,
      line: source.slice(0, match.index).split('\n').length,
      text: match[0].replace(/\s+/g, ' '),
    }));
  return [...imports, ...findIn(file, source, queryPatterns)];
}

/** A 401 or 403 answered by hand: a ProblemError, a problem, a status or a reply's code. */
const refusalPatterns = [
  /\bnew\s+ProblemError\s*\(\s*40[13]\b/,
  /\bproblem\s*\(\s*40[13]\b/,
  /\bstatus(Code)?\s*:\s*40[13]\b/,
  /\.\s*(code|status)\s*\(\s*40[13]\b/,
];

function findHandRefusals(file: string, source: string): Finding[] {
  return findIn(file, source, refusalPatterns);
}

/** Where SQL may be written: repositories, the database's own folder, the demo's data. */
function mayQuery(file: string): boolean {
  const relative = fromSource(file);
  return (
    relative.endsWith('.repository.ts') ||
    relative.startsWith('db/') ||
    relative.startsWith('modules/demo/')
  );
}

const isAuth = (file: string) => fromSource(file).startsWith('modules/auth/');

/** The findings as `file:line: code`, once a line, in order. */
const show = (findings: readonly Finding[]) => [
  ...new Set(
    [...findings]
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
      .map(({ file, line, text }) => `${path.relative(repository, file)}:${line}: ${text}`),
  ),
];

describe('the code reader', () => {
  const sample = [
    "import { sql, type Kysely } from 'kysely';",
    '// A comment naming db.selectFrom("users") is no query, nor is /* trx.deleteFrom(x) */.',
    "const words = 'call db.updateTable(x) and sql`1`';",
    // A placeholder of the sample's template is code (`$\{` keeps it out of this file's own).
    `const text = \`a $\{db.selectFrom("lans").selectAll()} b\`;`,
    'const pattern = /\\.insertInto\\(/;',
    'const list = [1, 2].with(0, 3);',
    'await db.transaction().execute(async (trx) => trx.insertInto("seats").values(v).execute());',
    "const cte = db.with('recent', (q) => q);",
    'const raw = sql<{ id: number; name: string }>`select 1`;',
    'const fragment = sql.ref("users.id");',
    'throw new ProblemError(403, "No.");',
    "throw new ProblemError(\n  401,\n  'Please sign in first.',\n);",
    'return reply.code(401).send();',
    'throw new ProblemError(404, "There is none.");',
    // A quote in a regular expression opens no string; a division is no regular expression.
    'const quote = /\'/g; const dropped = trx.deleteFrom("x");',
    'const half = (total) / 2; const path = "a/b"; db.selectFrom("y");',
  ].join('\n');

  it('blanks comments and the text of strings, keeping lines', () => {
    const code = codeOf(sample);
    expect(code.split('\n')).toHaveLength(sample.split('\n').length);
    expect(code).not.toContain('comment');
    expect(code).not.toContain('updateTable');
    expect(code).toContain('db.selectFrom(');
    expect(code).not.toContain('insertInto\\(');
  });

  it('finds every query of the sample, and nothing else', () => {
    expect(
      findQueries('sample.ts', sample)
        .map(({ line }) => line)
        .sort((a, b) => a - b),
    ).toEqual([1, 4, 7, 8, 9, 10, 18, 19]);
  });

  it('finds every 401 and 403 answered by hand, and nothing else', () => {
    expect(findHandRefusals('sample.ts', sample).map(({ line }) => line)).toEqual([11, 12, 16]);
  });
});

describe('the server', () => {
  const files = serverFiles().map((file) => ({ file, source: readFileSync(file, 'utf8') }));

  it('writes SQL only in repositories (and db/, the demo)', () => {
    const found = files
      .filter(({ file }) => !mayQuery(file))
      .flatMap(({ file, source }) => findQueries(file, source));
    expect(show(found), 'SQL outside a repository: move it to one').toEqual([]);
  });

  it('refuses with 401 and 403 through authorize alone', () => {
    const found = files
      .filter(({ file }) => !isAuth(file))
      .flatMap(({ file, source }) => findHandRefusals(file, source));
    expect(show(found), 'A 401 or 403 by hand: name an action of authorize.ts').toEqual([]);
  });

  it('asks for a signed-in viewer one way: requireViewer in routes, authorize in services', () => {
    // requireViewer is authorize's `account.use` for a route that is only for the signed-in;
    // anything else takes the viewer or null and authorizes its own action.
    const found = files
      .filter(({ file }) => !isAuth(file) && !file.endsWith('.routes.ts'))
      .flatMap(({ file, source }) => findIn(file, source, [/\brequireViewer\b/]));
    expect(show(found), 'requireViewer outside a route: authorize the action').toEqual([]);
  });
});

/** What may be longer: the database's types, the demo's data, the migrations. */
const mayBeLong = [
  'apps/server/src/db/schema.ts',
  'apps/server/src/modules/demo/',
  'apps/server/src/db/migrations/',
];

/** The most lines a source file has (issue 52). */
const mostLines = 450;

describe('source files', () => {
  it(`have at most ${mostLines} lines each`, () => {
    const files = ['apps', 'packages', 'scripts', 'e2e/support']
      .flatMap((root) => filesUnder(path.join(repository, root), ['.ts', '.tsx']))
      .filter((file) => !isTest(file) && !file.endsWith('.d.ts'))
      .map((file) => path.relative(repository, file).split(path.sep).join('/'))
      .filter((file) => !mayBeLong.some((allowed) => file.startsWith(allowed)));
    const long = files
      .map((file) => ({
        file,
        lines: readFileSync(path.join(repository, file), 'utf8').trimEnd().split('\n').length,
      }))
      .filter(({ lines }) => lines > mostLines)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
      .sort();
    expect(long, `Files over ${mostLines} lines: split them by concern`).toEqual([]);
  });
});
