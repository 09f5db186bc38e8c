import styles from './page-loader.module.css';
import { Spinner } from './spinner.tsx';

/** Shown while a lazy section (stats, admin) loads on the first visit. */
export function PageLoader() {
  return (
    <div className={styles.loader} role="status">
      <Spinner />
      <span>Loading…</span>
    </div>
  );
}
