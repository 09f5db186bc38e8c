import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

/**
 * A route of the table: the subset of React Router's route objects this app uses, so the
 * table reads as it would there. A route without `path` or `index` is a layout (or an
 * error boundary) around its children.
 */
export type RouteObject = {
  /** Relative to the parent's path; `:name` is a parameter, a final `*` the rest. */
  path?: string;
  /** Shown at its parent's own path. */
  index?: boolean;
  Component?: ComponentType;
  element?: ReactNode;
  /** The screen's module, downloaded the first time the route is opened. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /**
   * Starts the screen's reads when the app starts at this route (`prefetchReads`), so they
   * run while the visitor's session and user load, not after. Not awaited; a read that
   * fails is the screen's to show, when it reads again.
   */
  prefetch?: (params: Params, queryClient: QueryClient) => void;
  /** Shown instead of this route's screen when it, or a screen inside it, fails. */
  ErrorBoundary?: ComponentType;
  /** Shown while the first screen's module downloads. */
  HydrateFallback?: ComponentType;
  children?: RouteObject[];
};

export type Params = Readonly<Record<string, string | undefined>>;

/** The record a route's `:id` names (a whole number from 1), or null when it names none. */
export function idParam(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export type RouteMatch = { route: RouteObject; params: Params };

type Branch = { pattern: CompiledPattern; score: number; routes: RouteObject[] };

type CompiledPattern = { regex: RegExp; names: string[] };

/**
 * Compiles a path pattern: `:name` matches one segment, a final `*` (or `/*`) matches the
 * rest, possibly nothing. Case-insensitive and tolerant of a trailing slash, as links in
 * the wild are. `end: false` also matches any path below the pattern.
 */
function compilePattern(pattern: string, end = true): CompiledPattern {
  const names: string[] = [];
  const hasSplat = pattern === '*' || pattern.endsWith('/*');
  const base = hasSplat ? pattern.slice(0, -1).replace(/\/$/, '') : pattern.replace(/\/+$/, '');
  const source = base
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegex(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  let tail = end ? '\\/*$' : '(?:\\/|$)';
  if (hasSplat) {
    names.push('*');
    tail = '(?:\\/(.+)|\\/*)$';
  }
  return { regex: new RegExp(`^${source}${tail}`, 'i'), names };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function execPattern({ regex, names }: CompiledPattern, pathname: string): Params | null {
  const found = regex.exec(pathname);
  if (!found) return null;
  const params: Record<string, string | undefined> = {};
  names.forEach((name, index) => {
    const value = found[index + 1];
    params[name] = value === undefined ? undefined : safeDecode(value);
  });
  return params;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// The app's links and menus ask the same few patterns on every render: compiled once.
const compiledPatterns = new Map<string, CompiledPattern>();

/** The parameters of `pathname` under `pattern`, or null when it does not match. */
export function matchPath(
  pattern: string | { path: string; end?: boolean },
  pathname: string,
): { params: Params } | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const key = `${end ? 'end' : 'start'} ${path}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    compiled = compilePattern(path, end);
    compiledPatterns.set(key, compiled);
  }
  const params = execPattern(compiled, pathname);
  return params ? { params } : null;
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

/**
 * React Router's ranking, so the same table picks the same screen: a static segment 10,
 * a parameter 3, an empty one 1, a splat −2, an index route +2; the most specific wins,
 * ties go to the route listed first.
 */
function scorePath(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else if (segment === '') score += 1;
    else score += 10;
  }
  return score;
}

function flatten(routes: RouteObject[], parentPath: string, parents: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children) branches.push(...flatten(route.children, path, chain));
    if (route.path === undefined && !route.index) continue;
    branches.push({
      pattern: compilePattern(path),
      score: scorePath(path, route.index === true),
      routes: chain,
    });
  }
  return branches;
}

const rankedBranches = new WeakMap<RouteObject[], Branch[]>();

/** The routes from the root to the screen that `pathname` opens, or null for none. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    // Array sort is stable: equal scores keep the table's order.
    branches = flatten(routes, '/', []).sort((a, b) => b.score - a.score);
    rankedBranches.set(routes, branches);
  }
  for (const branch of branches) {
    const params = execPattern(branch.pattern, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
