import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './confirm-dialog.module.css';
import controls from './controls.module.css';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before an action that changes something for someone else. The
 * native <dialog> (showModal) traps focus, makes the page behind it inert and closes on
 * Escape; unlike Radix's modal dialog it injects no <style> element, which the site's
 * Content-Security-Policy (style-src 'self') would refuse.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: let the owner decide, so its state and the dialog never disagree.
        event.preventDefault();
        if (!isBusy) onCancel();
      }}
    >
      {isOpen ? (
        <div className={styles.content}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <div id={bodyId} className={styles.body}>
            {children}
          </div>
          <div className={`${controls.actions} ${styles.actions}`}>
            <button
              type="button"
              className={controls.buttonSecondary}
              onClick={onCancel}
              disabled={isBusy}
            >
              Cancel
            </button>
            <button type="button" className={controls.button} onClick={onConfirm} disabled={isBusy}>
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
