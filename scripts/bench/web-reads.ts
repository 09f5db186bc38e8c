import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The API reads the web app makes, read off its source: every `apiRequest(…)` call in
 * apps/web/src (tests and test support aside) that sends no other method than GET, by the
 * path template it asks for (`${…}` as `{}`). What `scripts/bench/reads.ts` must measure:
 * `apps/server/test/page-reads.test.ts` fails on a read missing there. A read's path must
 * be written out where it is made (a string or template literal), or it cannot be told.
 */
export type WebRead = { template: string; files: string[] };

/** Where a path could not be read: the call, to write its path out. */
export type UnreadableCall = { file: string; call: string };

const webSource = path.join(import.meta.dirname, '../../apps/web/src');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'test-support') yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The text between the bracket at `open` and its match. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') {
      depth--;
      if (depth === 0) return text.slice(open + 1, at);
    }
  }
  return text.slice(open + 1);
}

/** A path with its ids as `{}`, a run of them as one (a month is `{year}/{month}`). */
export function templateOf(pathWithIds: string): string {
  return pathWithIds
    .split('?')[0]
    ?.replace(/\$\{[^}]*\}/g, '{}')
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? '{}' : segment))
    .join('/')
    .replace(/\{\}(?:\/\{\})+/g, '{}') as string;
}

/** The reads of the web app's source, and the calls whose path is not written out. */
export function readsOfWebApp(root = webSource): {
  reads: WebRead[];
  unreadable: UnreadableCall[];
} {
  const reads = new Map<string, Set<string>>();
  const unreadable: UnreadableCall[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const name = path.relative(root, file);
    for (const call of text.matchAll(/(?<!function )\bapiRequest\b(?:<[^()]*?>)?\(/g)) {
      const args = bracketed(text, call.index + call[0].length - 1);
      // A method written other than GET (or chosen by a condition) is a write.
      const method = /\bmethod:\s*([^,}]+)/.exec(args)?.[1]?.trim();
      if (method !== undefined && method !== "'GET'") continue;
      const literal = /^\s*(['`])((?:(?!\1)[\s\S])*)\1\s*(?:,|$)/.exec(args);
      if (!literal?.[2]?.startsWith('/api/')) {
        unreadable.push({ file: name, call: `apiRequest(${args.slice(0, 60)}` });
        continue;
      }
      const template = templateOf(literal[2]);
      reads.set(template, (reads.get(template) ?? new Set()).add(name));
    }
  }
  return {
    reads: [...reads]
      .map(([template, files]) => ({ template, files: [...files].sort() }))
      .sort((a, b) => a.template.localeCompare(b.template)),
    unreadable,
  };
}
