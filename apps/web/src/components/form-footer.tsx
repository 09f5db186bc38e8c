import { AlertText } from './alert-text.tsx';
import controls from './controls.module.css';
import forms from './forms.module.css';

type FormFooterProps = {
  /** Why the last save failed (shown as an alert), or null. */
  error: string | null;
  /** While saving: the button is disabled and reads "Saving…". */
  isBusy: boolean;
  submitLabel: string;
  /** What the status beside the button says ('' or null: nothing, for now). */
  status: string | null;
};

/** The end of a form: why saving failed, the submit button and what became of saving. */
export function FormFooter({ error, isBusy, submitLabel, status }: FormFooterProps) {
  return (
    <>
      <AlertText message={error} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={isBusy}>
          {isBusy ? 'Saving…' : submitLabel}
        </button>
        {/* Beside the button, where a phone's user is when they save; a live region that is
            always there, so screen readers announce the words when they appear. */}
        <span role="status" className={forms.hint}>
          {status}
        </span>
      </div>
    </>
  );
}
