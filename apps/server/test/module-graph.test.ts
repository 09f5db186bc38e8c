import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, '../src/modules');

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
