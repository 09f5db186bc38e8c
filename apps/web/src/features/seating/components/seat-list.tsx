import type { Seat } from '@lanparty/contract';
import { useEffect, useRef } from 'react';
import {
  inReadingOrder,
  occupantName,
  type SeatingViewer,
  seatName,
  seatStateOf,
} from '../model/seat-view.ts';
import styles from './seat-list.module.css';
import map from './seat-map.module.css';
import { clanColourStyle, seatClasses } from './seat-map.tsx';

type SeatListProps = {
  seats: readonly Seat[];
  viewer: SeatingViewer;
  foundIds: ReadonlySet<number>;
  onChoose: (seat: Seat) => void;
};

const stateNames = {
  free: 'Free',
  taken: 'Taken',
  clan: 'Your clan',
  mine: 'Your seat',
  blocked: 'Blocked',
} as const;

const kindNames: Partial<Record<Seat['kind'], string>> = {
  crew: 'crew',
  accessible: 'accessible',
};

/**
 * Every seat as a row — label, state, who sits there — for a phone or a screen reader that
 * would rather read a list than a map. Each label is the same button the map has.
 */
export function SeatList({ seats, viewer, foundIds, onChoose }: SeatListProps) {
  const firstFoundRef = useRef<HTMLTableRowElement>(null);
  const ordered = inReadingOrder(seats);
  const firstFoundId = ordered.find((seat) => foundIds.has(seat.id))?.id;
  useEffect(() => {
    if (firstFoundId === undefined) return;
    firstFoundRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [firstFoundId]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls on a phone
    <section className={styles.scroller} aria-label="Seat list" tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">Every seat</caption>
        <thead>
          <tr>
            <th scope="col">Seat</th>
            <th scope="col">State</th>
            <th scope="col">Who</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((seat) => {
            const isFound = foundIds.has(seat.id);
            const kind = kindNames[seat.kind];
            return (
              <tr
                key={seat.id}
                ref={seat.id === firstFoundId ? firstFoundRef : undefined}
                className={isFound ? styles.found : undefined}
              >
                <td>
                  <button
                    type="button"
                    className={`${seatClasses(seat, viewer)} ${styles.seatButton}`}
                    style={clanColourStyle(seat)}
                    aria-label={seatName(seat, viewer, isFound)}
                    data-seat-id={seat.id}
                    onClick={() => onChoose(seat)}
                  >
                    <span className={map.label}>{seat.label}</span>
                  </button>
                </td>
                <td>
                  {stateNames[seatStateOf(seat, viewer)]}
                  {kind ? `, ${kind}` : ''}
                  {isFound ? <strong className={styles.foundWord}> · found</strong> : null}
                </td>
                <td className={styles.who}>
                  {seat.occupant ? (
                    <>
                      {occupantName(seat.occupant)}
                      {seatStateOf(seat, viewer) === 'mine' ? ' (you)' : ''}
                    </>
                  ) : (
                    <span className={styles.nobody}>—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
