import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router/index.tsx';
import styles from './back-link.module.css';

/** The way back to the list or the page a screen belongs to: an arrow and its words. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.back}>
      <ArrowLeft aria-hidden="true" size={18} />
      {children}
    </Link>
  );
}
