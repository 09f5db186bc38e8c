import fc from 'fast-check';
import type { HttpMethod } from './operations.ts';

/**
 * The shapes of request that found faults in issue 31 ("faults and floods"), taught to
 * the fuzzer so they are tried on every route from now on: JSON nested deep, NUL where
 * a sign-in reads text, HEAD and OPTIONS where a client expects GET or POST, and one
 * person's burst of writes.
 */

/** A JSON text nested `depth` levels, its levels a cycle of arrays and objects. */
export type Nesting = {
  depth: number;
  levels: ReadonlyArray<'[' | '{'>;
  /** How much of it is closed again: 1 all, 0 none (the text ends inside the innermost level). */
  closed: number;
  /** Nested as the value of this field of an object, so a schema's field meets it. */
  field?: string;
};

/**
 * Depths around the parser's limit (32), and far past it up to 100,000 levels, which
 * once overflowed a recursive walk; arrays, objects or a mix; closed, half or not at all.
 */
export const nesting: fc.Arbitrary<Omit<Nesting, 'field'>> = fc.record({
  depth: fc.oneof(
    fc.constantFrom(32, 33, 1000, 10_000, 100_000),
    fc.integer({ min: 1, max: 100_000 }),
  ),
  levels: fc.oneof(
    fc.constant(['['] as const),
    fc.constant(['{'] as const),
    fc.array(fc.constantFrom<'[' | '{'>('[', '{'), { minLength: 2, maxLength: 4 }),
  ),
  closed: fc.constantFrom(1, 1, 1, 0.5, 0),
});

/** Written only when sent: 100,000 levels are 600 KB of text. */
export function nestedJsonText({ depth, levels, closed, field }: Nesting): string {
  const kinds = Array.from({ length: depth }, (_, level) => levels[level % levels.length] ?? '[');
  const opening = kinds.map((kind) => (kind === '[' ? '[' : '{"a":')).join('');
  const closedLevels = Math.floor(depth * closed);
  const closing = kinds
    .slice(depth - closedLevels)
    .reverse()
    .map((kind) => (kind === '[' ? ']' : '}'))
    .join('');
  const text = `${opening}1${closing}`;
  if (field === undefined) return text;
  return `{${JSON.stringify(field)}:${text}${closed === 1 ? '}' : ''}`;
}

/** What a finding about nesting is grouped by: its kind, not its exact depth. */
export function describeNesting({ depth, levels, closed }: Omit<Nesting, 'field'>): {
  change: string;
  value: string;
} {
  const kinds = new Set(levels);
  const shape = kinds.size > 1 ? 'arrays and objects' : kinds.has('[') ? 'arrays' : 'objects';
  const ending = closed === 1 ? '' : closed === 0 ? ', unclosed' : ', half closed';
  return {
    change: `nested ${shape}${ending}`,
    value: depth <= 32 ? 'within the limit of 32' : 'deeper than 32',
  };
}

/** HEAD and OPTIONS on a route: each must answer (a HEAD that hung was a finding). */
export const otherMethod = fc.record({
  method: fc.constantFrom<HttpMethod>('HEAD', 'OPTIONS'),
  /** An OPTIONS sent as a browser's CORS preflight, from the web app's dev origin. */
  isPreflight: fc.boolean(),
});

/** The headers of a browser's preflight for a request of `method`. */
export function preflightHeaders(method: HttpMethod): Record<string, string> {
  return {
    origin: 'http://localhost:5173',
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization, content-type',
  };
}

/** How many requests one caller sends at once to one operation. */
export const burstSize = fc.integer({ min: 50, max: 200 });

/** Plausible text with a NUL in it (percent-encoded in a URL or a form, `\u0000` in JSON). */
export const textWithNul: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', 'Frag', 'x', 'ann@example.com', 'sign-in.css', 'lanparty-web', 'id_res'),
    fc.nat(),
    fc.constantFrom('\u0000', '\u0000\u0000', '\u0000\n'),
  )
  .map(([text, position, nul]) => {
    const at = position % (text.length + 1);
    return `${text.slice(0, at)}${nul}${text.slice(at)}`;
  });

/** Written after a route's path: a NUL in a segment of its own or glued to the last one. */
export const nulPathSuffixes = ['%00', '/%00', '%00.css', '/x%00y', '/%00/%00'];
