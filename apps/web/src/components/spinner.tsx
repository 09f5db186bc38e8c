import './spinner.css';

/** The one busy indicator; still under prefers-reduced-motion. */
export function Spinner({ size = 'normal' }: { size?: 'normal' | 'large' }) {
  const className = size === 'large' ? 'spinner spinner-large' : 'spinner';
  return <span className={className} aria-hidden="true" />;
}
