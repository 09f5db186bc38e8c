import styles from './page-loader.module.css';

/** Shown while a lazy section (stats, admin) loads on the first visit. */
export function PageLoader() {
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
