import type { ReactNode } from 'react';
import { RankChange } from './rank-change.tsx';
import styles from './ranking-table.module.css';

export type RankingRow = {
  key: number | string;
  position: number;
  /** null: new in the ranking; undefined: nothing to compare with. */
  previousPosition: number | null | undefined;
  name: ReactNode;
  hours: string;
};

type RankingTableProps = {
  /** The table's caption, read by screen readers. */
  caption: string;
  /** The heading of the name column: Player or Game. */
  nameHeading: string;
  rows: readonly RankingRow[];
  /** The position column also shows the rank change arrows. */
  hasRankChange?: boolean;
};

/** A ranking as a table: position (with the rank change), name and hours. */
export function RankingTable({
  caption,
  nameHeading,
  rows,
  hasRankChange = true,
}: RankingTableProps) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.position}>
            #
          </th>
          {hasRankChange ? (
            <th scope="col" className={styles.change}>
              <span className="visually-hidden">Change</span>
            </th>
          ) : null}
          <th scope="col">{nameHeading}</th>
          <th scope="col" className={styles.hours}>
            Hours
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={styles.position}>{row.position}</td>
            {hasRankChange ? (
              <td className={styles.change}>
                <RankChange position={row.position} previousPosition={row.previousPosition} />
              </td>
            ) : null}
            <td className={styles.name}>{row.name}</td>
            <td className={styles.hours}>{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
