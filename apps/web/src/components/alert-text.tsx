import controls from './controls.module.css';

/**
 * What went wrong, said where it happened: a paragraph with the alert role, which a
 * screen reader reads out as it appears; nothing while there is nothing to say.
 */
export function AlertText({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={controls.alert} role="alert">
      {message}
    </p>
  );
}
