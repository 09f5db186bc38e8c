import { Info } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import forms from '../forms.module.css';
import styles from './info-tip.module.css';

/** How long a pointer rests on the button before the tip shows, and may leave it before it goes. */
const SHOW_DELAY_MS = 150;
const HIDE_DELAY_MS = 100;

/**
 * An (i) button with a short tip above it (spec §2: the e-mail field's tooltip). The tip is
 * the button's description for screen readers at all times; it shows on hover (after a
 * short rest), on keyboard focus and on a tap, stays while the pointer is on it, and goes
 * with Escape (WCAG 1.4.13), when the pointer leaves or when focus moves on. A few lines
 * in place of a positioning library: the tip sits above the button, inside the page.
 */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);

  const setSoon = (open: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsOpen(open), delay);
  };
  const setNow = (open: boolean) => {
    clearTimeout(timer.current);
    setIsOpen(open);
  };

  return (
    <span
      className={styles.anchor}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setSoon(true, SHOW_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setSoon(false, HIDE_DELAY_MS);
      }}
    >
      <button
        type="button"
        className={forms.iconButton}
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setNow(true)}
        onBlur={() => setNow(false)}
        onClick={() => setNow(true)}
      >
        <Info aria-hidden="true" size={16} />
      </button>
      <span id={id} role="tooltip" className={`${forms.tooltip} ${styles.tip}`} hidden={!isOpen}>
        {children}
      </span>
    </span>
  );
}
