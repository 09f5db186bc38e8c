import type { Result } from 'lighthouse';
import { scriptMsBeforePaintOf, waitLimitMs } from './web-lighthouse.ts';

/**
 * What a Lighthouse run of `npm run bench:web` measured: the figures issue 14 names, which
 * of them miss their goals, where the time went, and the files the page loaded.
 */

/** Issue 14, goal 3: every page instant on a phone. */
export const pageGoals = {
  performance: 95,
  accessibility: 100,
  totalBlockingTimeMs: 150,
  cumulativeLayoutShift: 0.02,
  /** Issue 33: JavaScript run before the first contentful paint, at 4× CPU. */
  scriptEvaluationMs: 500,
  /**
   * Issue 33: JavaScript the page loaded and never ran (Lighthouse's unused-javascript), of
   * the site's own modules and packages: React's runtime is counted apart (decision 041).
   */
  unusedJavaScriptBytes: 15_000,
} as const;

export type PageFigures = {
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  largestContentfulPaintMs: number;
  scriptEvaluationMs: number;
  unusedJavaScriptBytes: number; // without React's runtime
  reactUnusedBytes: number;
};

const scoreOf = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numericValueOf = (lhr: Result, audit: string) =>
  lhr.audits[audit]?.numericValue ?? Number.NaN;

export function figuresOf(lhr: Result): PageFigures {
  const unused = ownItems(lhr, 'unused-javascript');
  const react = reactUnusedOf(unused);
  return {
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    totalBlockingTimeMs: numericValueOf(lhr, 'total-blocking-time'),
    cumulativeLayoutShift: numericValueOf(lhr, 'cumulative-layout-shift'),
    largestContentfulPaintMs: numericValueOf(lhr, 'largest-contentful-paint'),
    scriptEvaluationMs: scriptMsBeforePaintOf(lhr),
    unusedJavaScriptBytes: sumOf(unused, 'wastedBytes') - react,
    reactUnusedBytes: react,
  };
}

/**
 * React's part of the unused JavaScript: the source map's breakdown of each script
 * (Lighthouse's sub-rows, in the same compressed bytes), the files of react, react-dom and
 * the scheduler, the runtime the brief asks for.
 */
function reactUnusedOf(items: Item[]): number {
  const sources = items.flatMap(
    (item) => (item.subItems as { items?: Item[] } | undefined)?.items ?? [],
  );
  const runtime = /node_modules\/(react|react-dom|scheduler)\//;
  return sumOf(
    sources.filter((source) => runtime.test(String(source.source))),
    'sourceWastedBytes',
  );
}

/** The rows of an audit that are the site's own files (same origin as the page). */
function ownItems(lhr: Result, audit: string): Item[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  return itemsOf(lhr, audit).filter((item) => {
    try {
      return new URL(String(item.url)).origin === origin;
    } catch {
      return false;
    }
  });
}

const sumOf = (items: Item[], key: string) =>
  items.reduce((sum, item) => sum + (Number(item[key]) || 0), 0);

/** Which figures miss the issue's goals. */
export function missedGoals(figures: PageFigures): Set<keyof PageFigures> {
  const missed = new Set<keyof PageFigures>();
  if (figures.performance < pageGoals.performance) missed.add('performance');
  if (figures.accessibility < pageGoals.accessibility) missed.add('accessibility');
  if (!(figures.totalBlockingTimeMs <= pageGoals.totalBlockingTimeMs)) {
    missed.add('totalBlockingTimeMs');
  }
  if (!(figures.cumulativeLayoutShift <= pageGoals.cumulativeLayoutShift)) {
    missed.add('cumulativeLayoutShift');
  }
  if (!(figures.scriptEvaluationMs <= pageGoals.scriptEvaluationMs)) {
    missed.add('scriptEvaluationMs');
  }
  if (!(figures.unusedJavaScriptBytes <= pageGoals.unusedJavaScriptBytes)) {
    missed.add('unusedJavaScriptBytes');
  }
  return missed;
}

type Item = Record<string, unknown>;
type NodeValue = { type: 'node'; nodeLabel?: string; selector?: string; snippet?: string };

/** The rows of an audit's table (or of the first table in its list), loosely typed. */
function itemsOf(lhr: Result, audit: string): Item[] {
  const details = lhr.audits[audit]?.details as unknown as
    | { type?: string; items?: Item[] }
    | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    const table = details.items.find((item) => Array.isArray(item.items)) as
      | { items: Item[] }
      | undefined;
    return table?.items ?? [];
  }
  return details.items;
}

function isNode(value: unknown): value is NodeValue {
  return typeof value === 'object' && value !== null && (value as NodeValue).type === 'node';
}

/** The first element an audit's details name, wherever it sits in them. */
function firstNode(value: unknown): NodeValue | undefined {
  if (isNode(value)) return value;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
}

function describeNode(node: NodeValue | undefined): string {
  if (!node) return 'an element';
  // Without text of its own, an element's label is its selector again.
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  const selector = (node.selector ?? node.snippet ?? '').split(' > ').slice(-2).join(' > ');
  if (!label || label.includes(' > ') || selector.endsWith(label)) return selector;
  return `${selector} "${label.length > 40 ? `${label.slice(0, 39)}…` : label}"`;
}

const shortUrl = (url: unknown) => {
  if (typeof url !== 'string' || !url) return '(no script)';
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? parsed.origin : parsed.pathname;
  } catch {
    return url;
  }
};
const ms = (value: unknown) => `${Math.round(Number(value) || 0)} ms`;
const kb = (value: unknown) => `${((Number(value) || 0) / 1000).toFixed(0)} KB`;

/**
 * Where a page's time goes, a few lines: the LCP element, Lighthouse's top opportunities
 * by estimated savings, the largest unused JavaScript, the scripts that run longest, the
 * long tasks, the layout shifts and what caused them, the accessibility audits that fail.
 */
export function diagnosticsOf(lhr: Result): string[] {
  const lines: string[] = [];

  const lcpElement = firstNode(lhr.audits['lcp-breakdown-insight']?.details);
  if (lcpElement) lines.push(`LCP element: ${describeNode(lcpElement)}`);

  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.metricSavings)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const parts = (['LCP', 'FCP', 'TBT', 'CLS'] as const)
        .filter((metric) => (savings[metric] ?? 0) > 0)
        .map((metric) =>
          metric === 'CLS'
            ? `CLS −${(savings[metric] ?? 0).toFixed(3)}`
            : `${metric} −${ms(savings[metric])}`,
        );
      const weight = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, (savings.TBT ?? 0) * 2);
      return { title: audit.title, parts, weight: weight + (savings.CLS ?? 0) * 10_000 };
    })
    .filter((opportunity) => opportunity.parts.length > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3);
  if (opportunities.length > 0) {
    lines.push(
      `Opportunities: ${opportunities.map((o) => `${o.title} (${o.parts.join(', ')})`).join('; ')}`,
    );
  }

  const unused = itemsOf(lhr, 'unused-javascript')
    .sort((a, b) => Number(b.wastedBytes) - Number(a.wastedBytes))
    .slice(0, 3)
    .map((item) => `${shortUrl(item.url)} ${kb(item.wastedBytes)} of ${kb(item.totalBytes)}`);
  if (unused.length > 0) lines.push(`Unused JavaScript: ${unused.join('; ')}`);

  const bootup = itemsOf(lhr, 'bootup-time')
    .filter((item) => Number(item.scripting) >= 50)
    .sort((a, b) => Number(b.scripting) - Number(a.scripting))
    .slice(0, 3)
    .map((item) => `${shortUrl(item.url)} ${ms(item.scripting)}`);
  if (bootup.length > 0) lines.push(`Script evaluation (4× CPU): ${bootup.join('; ')}`);

  const longTasks = itemsOf(lhr, 'long-tasks');
  if (longTasks.length > 0) {
    const top = longTasks
      .slice(0, 3)
      .map((task) => `${ms(task.duration)} in ${shortUrl(task.url)} at ${ms(task.startTime)}`);
    lines.push(`Long tasks (${longTasks.length}): ${top.join('; ')}`);
  }

  const shifts = itemsOf(lhr, 'layout-shifts')
    .slice(0, 3)
    .map((shift) => {
      const causes = ((shift.subItems as { items?: Item[] } | undefined)?.items ?? [])
        .map((cause) => String(cause.cause ?? ''))
        .filter(Boolean);
      const because = causes.length > 0 ? ` (${[...new Set(causes)].join(', ')})` : '';
      return `${Number(shift.score).toFixed(3)} ${describeNode(firstNode(shift.node))}${because}`;
    });
  if (shifts.length > 0) lines.push(`Layout shifts: ${shifts.join('; ')}`);

  // Those that count towards the score (weight > 0) and do not pass.
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id} at ${describeNode(firstNode(audit?.details))}`);
  if (failing.length > 0) lines.push(`Accessibility fails: ${failing.join('; ')}`);

  for (const warning of lhr.runWarnings) {
    if (!isWaitLimitWarning(warning)) lines.push(`Lighthouse warns: ${warning}`);
  }
  if (lhr.runWarnings.some(isWaitLimitWarning)) {
    // Expected (see waitLimitMs): say when the page had really finished loading.
    const lastEnd = Math.max(
      0,
      ...itemsOf(lhr, 'network-requests')
        .filter((request) => !String(request.url).endsWith('/api/events'))
        .map((request) => Number(request.networkEndTime) || 0),
    );
    const late =
      lastEnd > waitLimitMs - 2000 ? ': close to the limit, the figures may miss some' : '';
    lines.push(
      `Loading: last request (the event stream aside) done ${ms(lastEnd)} after the start, ` +
        `unthrottled; Lighthouse waited its ${ms(waitLimitMs)} limit${late}`,
    );
  }
  return lines;
}

function isWaitLimitWarning(warning: string): boolean {
  return /loaded too slowly to finish within the time limit/.test(warning);
}

/** The same-origin scripts and stylesheets a Lighthouse run loaded. */
export function scriptAndStyleUrls(lhr: Result, baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return itemsOf(lhr, 'network-requests')
    .filter(
      (request) =>
        (request.resourceType === 'Script' || request.resourceType === 'Stylesheet') &&
        typeof request.url === 'string' &&
        new URL(request.url).origin === origin,
    )
    .map((request) => String(request.url));
}
