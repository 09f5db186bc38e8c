import { useId } from 'react';
import styles from './tournaments.module.css';

/** A part of a tournament's page: a region named by its heading (h2). */
export function Section({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: React.ReactNode;
  /** Where focus goes when what had it is gone (a removed entry's button, a form moved on). */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2
        id={headingId}
        className={styles.heading}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
