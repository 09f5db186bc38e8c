import { type SyntheticEvent, useEffect, useId, useRef } from 'react';

/**
 * A native modal <dialog>, shown while `isOpen` (the confirm dialog's and the seat
 * dialog's). showModal() traps focus, makes the page behind it inert and closes on Escape;
 * unlike Radix's modal dialog it injects no <style> element, which the site's
 * Content-Security-Policy (style-src 'self') would refuse. Focus starts on the answer that
 * changes nothing (`cancelRef`) and, once the dialog closes, goes back to what opened it.
 * Escape asks the owner (`onCancel`, not while busy), so its state and the dialog never
 * disagree. Spread `dialogProps` on the <dialog>; its title and body take the ids.
 */
export function useModalDialog(
  isOpen: boolean,
  { isBusy, onCancel }: { isBusy: boolean; onCancel: () => void },
) {
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

  return {
    cancelRef,
    titleId,
    bodyId,
    dialogProps: {
      ref: dialogRef,
      'aria-labelledby': titleId,
      'aria-describedby': bodyId,
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        event.preventDefault();
        if (!isBusy) onCancel();
      },
    },
  };
}
