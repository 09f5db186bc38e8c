import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs say what the code does (issue 52): decision records are decisions of a readable
 * size and shape, their index lists exactly the records there are, and the numbers and paths
 * the README and the map name are the code's.
 */
const repositoryRoot = path.join(import.meta.dirname, '../../..');
const decisionsDir = path.join(repositoryRoot, 'docs/decisions');
const readText = (relativePath: string) =>
  readFileSync(path.join(repositoryRoot, relativePath), 'utf8');

const maxWordsPerRecord = 700;

/** The sections every record has, in this order; each named by its heading's first word. */
const recordSections = [
  { name: 'Context', heading: /^## Context\b/ },
  // `Chosen` and `Decision` are read as the choice too, as older records called it.
  { name: 'Choice', heading: /^## (Choice|Chosen|Decision)\b/ },
  { name: 'Consequences', heading: /^## Consequences\b/ },
];

const recordFiles = readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name))
  .sort();
const readRecord = (file: string) => readFileSync(path.join(decisionsDir, file), 'utf8');
const numberOf = (file: string) => file.slice(0, 3);
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('decision records', () => {
  it('are there to check', () => {
    expect(recordFiles.length).toBeGreaterThan(40);
  });

  it(`are at most ${maxWordsPerRecord} words each`, () => {
    const over = recordFiles
      .map((file) => ({ file, words: wordsOf(readRecord(file)) }))
      .filter(({ words }) => words > maxWordsPerRecord);
    expect(over, 'records over the limit: leave the figures to the benchmarks').toEqual([]);
  });

  it('have one number each, the one their title starts with', () => {
    const misnamed = recordFiles.filter((file) => {
      const title = readRecord(file).split('\n', 1)[0] ?? '';
      return !new RegExp(`^# ${numberOf(file)}\\b.+`).test(title);
    });
    expect(misnamed).toEqual([]);
    const numbers = recordFiles.map(numberOf);
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it('say their context, choice and consequences, in that order', () => {
    const problems = recordFiles.flatMap((file) => {
      const headings = readRecord(file)
        .split('\n')
        .filter((line) => line.startsWith('## '));
      const positions = recordSections.map(({ heading }) =>
        headings.findIndex((line) => heading.test(line)),
      );
      const missing = recordSections.filter((_, index) => positions[index] === -1);
      if (missing.length > 0)
        return [`${file} has no ${missing.map(({ name }) => `## ${name}`).join(', ')}`];
      const inOrder = positions.every((position, index) => position >= (positions[index - 1] ?? 0));
      return inOrder ? [] : [`${file}: ## Context, ## Choice, ## Consequences out of order`];
    });
    expect(problems).toEqual([]);
  });

  it('are listed in the index, every one, and nothing else', () => {
    const index = readText('docs/decisions/README.md');
    const rows = [...index.matchAll(/^\| *(\d{3}) *\| *\[[^\]]+\]\(([^)]+)\)/gm)].map(
      ([, number, file]) => ({ number, file }),
    );
    const listed = rows.map(({ file }) => file);
    expect(
      recordFiles.filter((file) => !listed.includes(file)),
      'records the index misses',
    ).toEqual([]);
    expect(
      listed.filter((file) => !recordFiles.includes(file ?? '')),
      'index rows naming no record',
    ).toEqual([]);
    expect(
      rows.filter(({ number, file }) => number !== numberOf(file ?? '')),
      'index rows whose number is not their record’s',
    ).toEqual([]);
    expect(
      listed.filter((file, at) => listed.indexOf(file) !== at),
      'listed twice',
    ).toEqual([]);
  });
});

describe('the README and the map agree with the code', () => {
  it('name the first screen’s budget the benchmark and the e2e test hold it to', () => {
    const constant = /export const firstScreenBudgetBytes = ([\d_]+);/.exec(
      readText('e2e/support/first-screen-size.ts'),
    );
    expect(constant, 'firstScreenBudgetBytes in e2e/support/first-screen-size.ts').not.toBeNull();
    const budgetBytes = Number((constant?.[1] ?? '').replaceAll('_', ''));

    const readme = readText('README.md');
    const stated = [...readme.matchAll(/fails above (\d+(?:\.\d+)?) KB/g)].map(([, kilobytes]) =>
      Number(kilobytes),
    );
    expect(stated.length, 'the README says where bench:web fails').toBeGreaterThan(0);
    expect(stated.map((kilobytes) => kilobytes * 1000)).toEqual(stated.map(() => budgetBytes));
  });

  it('name files and folders that exist', () => {
    const paths = new Set(trackedPaths(repositoryRoot));
    const missing = ['README.md', 'docs/ARCHITECTURE.md'].flatMap((doc) =>
      namedPaths(readText(doc))
        .filter((named) => !existsSync(path.join(repositoryRoot, named)))
        .filter((named) => ![...paths].some((known) => known.endsWith(`/${named}`)))
        .map((named) => `${doc}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

/**
 * What a doc names in backticks that reads as a path of the repository: a file with a source
 * or document extension, or a folder with a trailing slash. Patterns (`*`, `<area>`, `{…}`)
 * and addresses are not paths.
 */
function namedPaths(text: string): string[] {
  const named = [...text.matchAll(/`([^`\s]+)`/g)].map(([, value]) => value ?? '');
  return [
    ...new Set(
      named
        .filter((value) => /^[\w.@-]+(\/[\w.@-]+)*(\.(ts|tsx|md|html|css|json)|\/)$/.test(value))
        .filter((value) => !value.startsWith('/') && !value.includes('..'))
        .map((value) => value.replace(/\/$/, '')),
    ),
  ];
}

/** Every file and folder below the root, relative to it, without dependencies and builds. */
function trackedPaths(root: string): string[] {
  const skipped = new Set(['node_modules', 'dist', 'data', '.git', 'coverage']);
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const entryPath = relative ? `${relative}/${entry.name}` : entry.name;
      found.push(entryPath);
      if (entry.isDirectory()) walk(entryPath);
    }
  };
  walk('');
  return found;
}
