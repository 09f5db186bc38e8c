import type { ReactNode } from 'react';
import controls from './controls.module.css';
import styles from './modal-dialog.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

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
 * A modal question before an action that cannot simply be undone: a native modal <dialog>
 * (useModalDialog) whose focus starts on the answer that changes nothing.
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
  const { cancelRef, titleId, bodyId, dialogProps } = useModalDialog(isOpen, {
    isBusy,
    onCancel,
  });

  return (
    <dialog {...dialogProps} className={styles.dialog}>
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
