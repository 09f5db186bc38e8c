import styles from './spinner.module.css';

/** The one busy indicator; still under prefers-reduced-motion. */
export function Spinner({ size = 'normal' }: { size?: 'normal' | 'large' }) {
  const className = size === 'large' ? `${styles.spinner} ${styles.large}` : styles.spinner;
  return <span className={className} aria-hidden="true" />;
}
