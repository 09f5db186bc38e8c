import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './confirm-dialog.module.css';
import controls from './controls.module.css';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves everything as it was; Escape does the same. */
  cancelLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before an action that cannot simply be undone. The
 * native <dialog> (showModal) traps focus, makes the page behind it inert and closes on
 * Escape; unlike Radix's modal dialog it injects no <style> element, which the site's
 * Content-Security-Policy (style-src 'self') would refuse. Focus starts on the answer that
 * changes nothing and, once the dialog closes, goes back to what opened it.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      // Browsers pick the first focusable element or the dialog itself; the safe answer
      // first means an Enter pressed too soon changes nothing.
      cancelRef.current?.focus();
    }
    if (!isOpen && dialog.open) {
      dialog.close();
      // Not every browser gives focus back on close: without this it would drop to <body>.
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      openerRef.current = null;
    }
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
              ref={cancelRef}
              type="button"
              className={controls.buttonSecondary}
              onClick={onCancel}
              disabled={isBusy}
            >
              {cancelLabel}
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
