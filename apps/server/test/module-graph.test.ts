import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, '../src/modules');

/** Where file cycles are looked for: the server, the contract and the web app. */
const sourceRoots = ['../src', '../../../packages/contract/src', '../../web/src'].map((root) =>
  path.join(import.meta.dirname, root),
);

/**
 * Cycles allowed for now: none (issue 10 broke them), so any cycle fails. Should one ever
 * have to be listed, its entry goes once the cycle is gone (the test says so).
 */
const knownCycles = new Set<string>([]);

/** Which other modules each module imports, with one file that does it. */
function readModuleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const module of readdirSync(modulesDir)) {
    const imports = new Map<string, string>();
    graph.set(module, imports);
    for (const file of sourceFilesOf(path.join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/from '\.\.\/([a-z0-9-]+)\//g)) {
        if (target && target !== module && !imports.has(target))
          imports.set(target, path.relative(modulesDir, file));
      }
    }
  }
  return graph;
}

/** Production code only: a test may reach across modules to set up data. */
function sourceFilesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('test-support'));
}

/**
 * Which files each production file imports by a relative path (`import type` and dynamic
 * imports too: a cycle of types still ties the files together for a reader).
 */
function readFileGraph(): Map<string, string[]> {
  const files = sourceRoots.flatMap((root) =>
    readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
      .map(([, target]) => path.join(path.dirname(file), target as string))
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that import each other in a circle (strongly connected, by Tarjan). */
function findFileCircles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(next) as number));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file) as number, order.get(next) as number));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || graph.get(file)?.includes(file)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/** Every elementary cycle, once, written from its alphabetically first module. */
function findCycles(graph: Map<string, Map<string, string>>): string[] {
  const cycles = new Set<string>();
  const walk = (start: string, node: string, trail: string[]) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      if (next === start) cycles.add([...trail, start].join(' -> '));
      else if (next > start && !trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const module of [...graph.keys()].sort()) walk(module, module, [module]);
  return [...cycles].sort();
}

describe('server modules', () => {
  it('import each other without cycles', () => {
    const graph = readModuleGraph();
    const cycles = findCycles(graph);
    const explain = (cycle: string) => {
      const steps = cycle.split(' -> ');
      return steps
        .slice(0, -1)
        .map((from, index) => {
          const to = steps[index + 1] as string;
          return `${from} -> ${to} (${graph.get(from)?.get(to)})`;
        })
        .join(', ');
    };
    const newCycles = cycles.filter((cycle) => !knownCycles.has(cycle)).map(explain);
    expect(newCycles, 'Module cycles: give the shared piece a home below both modules').toEqual([]);
    const goneCycles = [...knownCycles].filter((cycle) => !cycles.includes(cycle));
    expect(goneCycles, 'These cycles are gone: remove them from knownCycles').toEqual([]);
  });
});

describe('source files', () => {
  it('import each other without circles, types included', () => {
    const repository = path.join(import.meta.dirname, '../../..');
    const circles = findFileCircles(readFileGraph()).map((circle) =>
      circle.map((file) => path.relative(repository, file)).join(' <-> '),
    );
    expect(circles, 'File circles: move the shared piece to a file both can import').toEqual([]);
  });
});
