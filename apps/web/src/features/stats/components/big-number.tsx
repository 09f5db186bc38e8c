import type { ReactNode } from 'react';
import styles from './big-number.module.css';

type BigNumberProps = { value: string; unit: string; label?: string };

/** A figure that leads a section: the number large, its unit (and label) small. */
export function BigNumber({ value, unit, label }: BigNumberProps) {
  return (
    <div className={styles.figure}>
      <dt className={styles.label}>{label ?? unit}</dt>
      <dd className={styles.value}>
        {value} <span className={styles.unit}>{unit}</span>
      </dd>
    </div>
  );
}

/** A row of big numbers (a description list). */
export function BigNumbers({ children }: { children: ReactNode }) {
  return <dl className={styles.numbers}>{children}</dl>;
}
