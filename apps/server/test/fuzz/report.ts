import type { Finding, Tally } from './harness.ts';
import type { ConcreteRequest } from './requests.ts';
import { Encoded, LenientId, PoolRef } from './symbols.ts';

/**
 * Findings and counts as people read them: one entry per distinct problem (the same
 * broken field on the same operation is one problem, whichever role sent it), each
 * with a request that reproduces it.
 */

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What kind of value broke something, coarse enough that repeats group together. */
export function classifyValue(value: unknown): string {
  if (value === undefined) return '';
  if (value instanceof Encoded)
    return value.text.length <= 40 ? value.text : `${value.text.length} chars`;
  if (value instanceof LenientId) return value.form;
  if (value instanceof PoolRef) return `a real ${value.pool}`;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'text with U+0000';
    if (loneSurrogate.test(value)) return 'text with a lone surrogate';
    const year = /^([+-]?\d{4,6})-\d\d-\d\d/.exec(value)?.[1];
    if (year !== undefined) {
      const number = Number(year);
      const bucket =
        number === 0
          ? '0000'
          : number < 1000
            ? 'before 1000'
            : number >= 9999
              ? '9999 and later'
              : 'ordinary';
      return `date, year ${bucket}`;
    }
    return value.length <= 40 ? JSON.stringify(value) : `text of ${value.length} chars`;
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 40 ? text : `${text.slice(0, 40)}…`;
}

/**
 * Findings with the same key are one problem. A lenient id is one problem per route
 * whichever way it is written (`+1`, `1.0`, `0x1`): one parser reads them all.
 */
export function findingKey(finding: Finding): string {
  const { fuzzCase } = finding;
  return [
    finding.kind,
    finding.engine,
    finding.operationKey,
    finding.status,
    fuzzCase.location,
    fuzzCase.change,
    finding.kind === 'lenient id accepted' ? '' : classifyValue(fuzzCase.value),
  ].join(' | ');
}

export function describeFinding(
  finding: Finding,
  variants: ReadonlySet<string> = new Set(),
): string {
  const { fuzzCase } = finding;
  const values = variants.size > 0 ? [...variants] : [classifyValue(fuzzCase.value)];
  const shown = values.filter((value) => value !== '').join(', ');
  return `[${finding.kind}] ${finding.operationKey} on ${finding.engine} — ${fuzzCase.location}: ${fuzzCase.change}${shown ? ` (${shown})` : ''} → ${finding.status}`;
}

function showText(text: string, limit = 1500): string {
  const shown = JSON.stringify(text.length > limit ? text.slice(0, limit) : text);
  return text.length > limit ? `${shown}… (${text.length} chars in all)` : shown;
}

/** The request as sent, tokens replaced by who they belong to. */
export function describeRequest(request: ConcreteRequest, caller: string): string {
  const headers = Object.entries(request.headers).map(([name, value]) =>
    name === 'authorization' && caller !== 'anonymous'
      ? `${name}: Bearer <token of the ${caller} user>`
      : `${name}: ${showText(value, 200)}`,
  );
  const lines = [
    `${request.method} ${showText(request.url, 600)}`,
    ...headers.map((header) => `  ${header}`),
  ];
  if (typeof request.payload === 'string') lines.push(`  body: ${showText(request.payload)}`);
  else if (request.payload) {
    const bytes = request.payload;
    const isText = !bytes.subarray(0, 2000).some((byte) => byte < 9);
    lines.push(
      isText
        ? `  body (${bytes.length} bytes): ${showText(bytes.toString('latin1'))}`
        : `  body (${bytes.length} bytes, base64): ${bytes.subarray(0, 600).toString('base64')}${bytes.length > 600 ? '…' : ''}`,
    );
  }
  return lines.join('\n');
}

/** One problem: its description, a reproduction, the answer and what changed. */
export function formatFinding(
  finding: Finding,
  seen?: { times: number; callers: Set<string>; variants: Set<string> },
): string {
  const also =
    seen && seen.callers.size > 1
      ? ` (also as ${[...seen.callers].filter((c) => c !== finding.caller).join(', ')})`
      : '';
  const times = seen && seen.times > 1 ? `, ${seen.times} times` : '';
  return [
    describeFinding(finding, seen?.variants),
    `  sent as ${finding.caller}${also}${times}:`,
    describeRequest(finding.request, finding.caller)
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n'),
    `  answer ${finding.status}: ${showText(finding.responseBody, 400)}`,
    ...finding.details.map((detail) => `  ${detail}`),
    ...(finding.replay ? [`  replay: ${finding.replay}`] : []),
  ].join('\n');
}

export function formatTally(tally: Tally, isByOperation = true): string {
  const statuses = (counts: Map<number, number>) =>
    [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, times]) => `${status === 0 ? 'no answer' : status}×${times}`)
      .join(' ');
  const lines = [`${tally.total} requests; by status: ${statuses(tally.byStatus)}`];
  if (isByOperation) {
    const width = Math.max(...[...tally.byOperation.keys()].map((key) => key.length));
    for (const [operation, counts] of [...tally.byOperation.entries()].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      lines.push(`  ${operation.padEnd(width)}  ${statuses(counts)}`);
    }
  }
  return lines.join('\n');
}

/** Collects findings, one entry per problem, remembering how often, as whom and with what. */
export class FindingLog {
  readonly entries = new Map<
    string,
    { finding: Finding; times: number; callers: Set<string>; variants: Set<string> }
  >();

  add(findings: Finding[]): void {
    for (const finding of findings) {
      const key = findingKey(finding);
      const entry = this.entries.get(key) ?? {
        finding,
        times: 0,
        callers: new Set<string>(),
        variants: new Set<string>(),
      };
      entry.times += 1;
      entry.callers.add(finding.caller);
      entry.variants.add(classifyValue(finding.fuzzCase.value));
      this.entries.set(key, entry);
    }
  }

  format(): string {
    return [...this.entries.values()]
      .map(({ finding, ...seen }) => formatFinding(finding, seen))
      .join('\n\n');
  }
}
