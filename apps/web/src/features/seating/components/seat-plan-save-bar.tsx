import { type Seating, seatingInputSchema } from '@lanparty/contract';
import { Save, Undo2 } from 'lucide-react';
import { useState } from 'react';
import badge from '../../../components/badge.module.css';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useSaveSeating } from '../api/save-seating.ts';
import styles from './seat-editor.module.css';
import { type SeatPlanDraft, toSeatingBody } from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type FieldErrors = Record<string, string[]>;

/** A message about `seats.3.label` names the seat; one about the plan names its field. */
function describeFieldError(draft: SeatPlanDraft, field: string, message: string): string {
  const [list, index] = field.split('.');
  const position = Number(index);
  if (list === 'seats' && Number.isInteger(position)) {
    const label = draft.seats[position]?.label;
    return label ? `Seat ${label}: ${message}` : message;
  }
  if (list === 'blocks' && Number.isInteger(position)) {
    const name = draft.blocks[position]?.name;
    return name ? `Block ${name}: ${message}` : message;
  }
  return message;
}

/** Each message once, the ones the opening already says left out. */
function problemText(opening: string, draft: SeatPlanDraft, errors: FieldErrors): string {
  const messages = Object.entries(errors).flatMap(([field, list]) =>
    list.map((message) => describeFieldError(draft, field, message)),
  );
  const others = [...new Set(messages)].filter((message) => !opening.includes(message));
  return [
    opening,
    ...others.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`)),
  ].join(' ');
}

/**
 * Saving the plan: checked by the contract's schema first (the messages the server would
 * give), then PUT; the server's refusals (a seat someone holds, a label taken) are shown
 * as it says them.
 */
export function useSeatPlanSave({
  lanId,
  editor,
  timeZone,
}: {
  lanId: number;
  editor: SeatPlanEditor;
  timeZone: string;
}) {
  const mutation = useSaveSeating(lanId);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState('');

  async function save() {
    const { draft } = editor;
    setProblem(null);
    setNote('');
    const checked = seatingInputSchema.safeParse(toSeatingBody(draft, timeZone));
    if (!checked.success) {
      const errors: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.map(String).join('.');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      setFieldErrors(errors);
      setProblem(problemText('The plan could not be saved:', draft, errors));
      return;
    }
    setFieldErrors({});
    try {
      const saved = await mutation.mutateAsync(checked.data);
      editor.settle(saved);
      setNote(
        saved.plan.published ? 'The plan is saved and published.' : 'The plan is saved as a draft.',
      );
    } catch (error) {
      const errors = isApiError(error) ? error.errors : {};
      setFieldErrors(errors);
      setProblem(
        problemText(`The plan could not be saved: ${describeError(error)}`, draft, errors),
      );
    }
  }

  return { save, isSaving: mutation.isPending, problem, fieldErrors, note };
}

type SaveBarProps = {
  save: ReturnType<typeof useSeatPlanSave>;
  editor: SeatPlanEditor;
  saved: Seating | null;
};

/**
 * Whether the plan is published and saved, Save and Discard, and why a save failed. It
 * floats at the bottom of the screen only while there is something to save (or a refusal
 * to read), in one short row on a phone; otherwise it ends the page and covers nothing.
 */
export function SeatPlanSaveBar({ save, editor, saved }: SaveBarProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const isPublished = saved?.plan.published ?? false;
  const state = editor.isDirty
    ? 'Unsaved changes'
    : editor.isNew
      ? 'Not saved yet'
      : 'All changes saved';
  return (
    <section
      className={styles.saveBar}
      aria-label="Saving the plan"
      data-floating={editor.isDirty || editor.isNew || save.problem !== null}
    >
      <div className={styles.saveRow}>
        <p className={styles.saveState}>
          <span className={`${badge.badge} ${isPublished ? badge.active : badge.inactive}`}>
            {isPublished ? 'Published' : 'Draft'}
          </span>
          <span data-dirty={editor.isDirty}>{state}</span>
        </p>
        <div className={`${controls.actions} ${styles.saveActions}`}>
          {/* On a phone the icon alone: the name says it. */}
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.discard}`}
            aria-label="Discard changes"
            disabled={!editor.isDirty || save.isSaving}
            onClick={() => setIsConfirming(true)}
          >
            <Undo2 aria-hidden="true" size={18} />
            <span className={styles.discardWords}>Discard changes</span>
          </button>
          <button
            type="button"
            className={controls.button}
            disabled={save.isSaving || (!editor.isDirty && !editor.isNew)}
            onClick={() => void save.save()}
          >
            <Save className={styles.saveIcon} aria-hidden="true" size={18} />
            {save.isSaving ? 'Saving…' : 'Save plan'}
          </button>
        </div>
      </div>
      <p role="status" className={forms.hint}>
        {save.note && !editor.isDirty ? save.note : ''}
      </p>
      {save.problem ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long refusal scrolls, and a keyboard scrolls it.
        <p className={`${controls.alert} ${styles.saveProblem}`} role="alert" tabIndex={0}>
          {save.problem}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          editor.discard();
          setIsConfirming(false);
        }}
        onCancel={() => setIsConfirming(false)}
      >
        <p>The plan goes back to how it was last saved.</p>
      </ConfirmDialog>
    </section>
  );
}
