import type { Seat } from '@lanparty/contract';
import { useId } from 'react';
import forms from '../../../components/forms.module.css';
import styles from './find-lanner.module.css';

type FindLannerProps = {
  search: string;
  onSearch: (search: string) => void;
  found: readonly Seat[];
  /** Enter: to the first seat found (focus on it). */
  onReveal: () => void;
  /** Names are searched too (a lan administrator's map), not the nickname alone. */
  byName?: boolean;
};

/**
 * "Find a lanner": a nickname (or a name, for a lan administrator), and where they sit (the
 * seats are marked on the map).
 */
export function FindLanner({ search, onSearch, found, onReveal, byName = false }: FindLannerProps) {
  const inputId = useId();
  const resultId = useId();
  const hasSearch = search.trim() !== '';
  return (
    <form
      className={styles.find}
      onSubmit={(event) => {
        event.preventDefault();
        onReveal();
      }}
    >
      <label htmlFor={inputId} className={forms.label}>
        Find a lanner
      </label>
      <input
        id={inputId}
        type="search"
        className={forms.input}
        value={search}
        placeholder={byName ? 'Nickname or name' : 'Nickname'}
        autoComplete="off"
        aria-describedby={resultId}
        onChange={(event) => onSearch(event.target.value)}
      />
      <p id={resultId} className={styles.result} role="status">
        {hasSearch ? describeFound(search.trim(), found) : ''}
      </p>
    </form>
  );
}

function describeFound(search: string, found: readonly Seat[]): string {
  if (found.length === 0) return `Nobody called “${search}” has a seat.`;
  const shown = found.slice(0, 4).map((seat) => `${seat.occupant?.nickname} at ${seat.label}`);
  const more = found.length > shown.length ? ` and ${found.length - shown.length} more` : '';
  return `${shown.join(', ')}${more}.`;
}
