/** Where the app is: the address's parts, the state it was opened with, a key per entry. */
export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique to this entry of the history: a new navigation to the same path gets a new one. */
  key: string;
};

/** How the current location was reached: back/forward (or the first load), a push, a replace. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The session history the router drives: the browser's, or one in memory for tests. */
export type History = {
  readonly location: Location;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  /** Calls back when the visitor goes back or forward; returns the unsubscribe. */
  listen(onPop: (location: Location) => void): () => void;
};

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** `/a?b#c` → its parts. */
export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

type EntryState = { key: string; usr: unknown };

function readEntryState(value: unknown): EntryState | null {
  if (typeof value !== 'object' || value === null || !('key' in value)) return null;
  const { key, usr } = value as { key: unknown; usr?: unknown };
  return typeof key === 'string' ? { key, usr } : null;
}

/** The browser's history: the address bar, back and forward. */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = readEntryState(window.history.state);
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  // The first entry gets its key now, so coming back to it later finds the same one.
  if (!readEntryState(window.history.state)) {
    window.history.replaceState({ key: createKey(), usr: null }, '');
  }
  let location = read();
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown) => {
    const entry: EntryState = { key: createKey(), usr: state };
    window.history[method](entry, '', createPath(path));
    location = read();
  };
  return {
    get location() {
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    listen(onPop) {
      const handle = () => {
        location = read();
        onPop(location);
      };
      window.addEventListener('popstate', handle);
      return () => window.removeEventListener('popstate', handle);
    },
  };
}

/** A history in memory, starting at the given entries (the last is current). */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries: Location[] = initialEntries.map((path, index) => ({
    ...parsePath(path),
    state: null,
    key: index === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  return {
    get location() {
      return entries[index] as Location;
    },
    push(path, state) {
      index += 1;
      entries.splice(index, entries.length, { ...path, state, key: createKey() });
    },
    replace(path, state) {
      entries[index] = { ...path, state, key: createKey() };
    },
    listen: () => () => {},
  };
}
