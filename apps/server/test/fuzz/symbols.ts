/**
 * Generated requests name real rows symbolically ("the third lan"), and are resolved
 * against the database just before they are sent: rows come and go during a run (an
 * administrator's DELETE succeeds), and the same request sent as each caller means
 * "my own id" for each of them.
 */

/** Where real values come from: ids and addresses of rows that exist right now. */
export type PoolName = 'lan' | 'user' | 'subscriber' | 'game' | 'year' | 'email' | 'code' | 'self';

export type Pools = Record<Exclude<PoolName, 'self'>, ReadonlyArray<string | number>>;

export type ResolveContext = {
  pools: Pools;
  /** The caller's own user id; undefined for an anonymous caller. */
  selfId: number | undefined;
  /** The path's values once resolved, for a body that repeats the path's id. */
  pathValues?: Record<string, string>;
  /** The uid of the sign-in the fuzzer's browser has under way (sign-in.ts). */
  interactionUid?: string;
};

/** A real value from a pool, by position (wrapping), so shrinking keeps it real. */
export class PoolRef {
  readonly pool: PoolName;
  readonly index: number;
  constructor(pool: PoolName, index: number) {
    this.pool = pool;
    this.index = index;
  }
}

/**
 * A real id written the way a lenient parser still reads as that id (`+1`, `1.0`,
 * `%201`, `0x1F`): the server must not answer 2xx, or two URLs name one resource.
 */
export class LenientId {
  readonly ref: PoolRef;
  readonly form: LenientForm;
  constructor(ref: PoolRef, form: LenientForm) {
    this.ref = ref;
    this.form = form;
  }
}

export const lenientForms = [
  'plus',
  'decimal',
  'leading-space',
  'trailing-space',
  'leading-zero',
  'hex',
  'exponent',
  'tab',
] as const;
export type LenientForm = (typeof lenientForms)[number];

function writeLeniently(id: number, form: LenientForm): string {
  switch (form) {
    case 'plus':
      return `+${id}`;
    case 'decimal':
      return `${id}.0`;
    case 'leading-space':
      return `%20${id}`;
    case 'trailing-space':
      return `${id}%20`;
    case 'leading-zero':
      return `0${id}`;
    case 'hex':
      return `0x${id.toString(16).toUpperCase()}`;
    case 'exponent':
      return `${id}e0`;
    case 'tab':
      return `%09${id}`;
  }
}

/** Text that goes into the URL exactly as written (`%zz`, `..%2F`, `%00`). */
export class Encoded {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An asset name such as `lan-3.png` around a real or made-up id. */
export class AssetName {
  readonly kind: string;
  readonly id: PoolRef | number;
  readonly extension: string;
  constructor(kind: string, id: PoolRef | number, extension: string) {
    this.kind = kind;
    this.id = id;
    this.extension = extension;
  }
}

/** The uid of the sign-in under way, in the path of the sign-in pages. */
export class CurrentInteraction {}

/** A body field that repeats a path parameter (PUT /api/lans/{id} sends its id twice). */
export class SamePathValue {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * A new e-mail address of the caller's own: the same request sent as each caller must
 * not collide with itself ("address already used") after the first caller's success.
 */
export class OwnAddress {
  readonly number: number;
  constructor(number: number) {
    this.number = number;
  }
}

/** Percent-encodes text for a path segment or query value, byte by byte of its UTF-8. */
export function encodeText(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~:@]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

function resolveRef(ref: PoolRef, context: ResolveContext): string | number {
  if (ref.pool === 'self') return context.selfId ?? 1;
  const pool = context.pools[ref.pool];
  // An empty pool still gives a plausible value, so the request stays well formed.
  return pool.length === 0 ? ref.index + 1 : (pool[ref.index % pool.length] as string | number);
}

/** A generated JSON value with its symbols replaced by real values. */
export function resolveJson(value: unknown, context: ResolveContext): unknown {
  if (value instanceof PoolRef) return resolveRef(value, context);
  if (value instanceof OwnAddress)
    return `fuzz-${value.number}-u${context.selfId ?? 0}@example.com`;
  if (value instanceof SamePathValue) {
    const text = context.pathValues?.[value.name] ?? '';
    return /^\d+$/.test(text) ? Number(text) : text;
  }
  if (Array.isArray(value)) return value.map((item) => resolveJson(item, context));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, resolveJson(inner, context)]),
    );
  }
  return value;
}

/** A path or query value as it is written into the URL. */
export function resolveUrlText(value: unknown, context: ResolveContext): string {
  if (value instanceof Encoded) return value.text;
  if (value instanceof CurrentInteraction) return context.interactionUid ?? 'none';
  if (value instanceof LenientId) {
    return writeLeniently(Number(resolveRef(value.ref, context)), value.form);
  }
  if (value instanceof AssetName) {
    const id = value.id instanceof PoolRef ? resolveRef(value.id, context) : value.id;
    return encodeText(`${value.kind}-${id}${value.extension}`);
  }
  return encodeText(String(resolveJson(value, context)));
}
