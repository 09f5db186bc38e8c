import { seatLimits } from '@lanparty/contract/rules';
import { type ReactNode, useId } from 'react';
import forms from '../../../components/forms.module.css';
import styles from './seat-editor.module.css';
import { type DraftPlan, updatePlan } from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type SeatPlanSettingsProps = {
  editor: SeatPlanEditor;
  /** The last save's messages per field (`plan.locksAt`), from the contract or the server. */
  fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** The community's time zone, named beside the times. */
  timeZone: string;
};

/**
 * When seat picking opens and locks, whether the plan is published, and the grid's size.
 * The times are typed on the community's clocks, as the lan's are.
 */
export function SeatPlanSettings({ editor, fieldErrors, timeZone }: SeatPlanSettingsProps) {
  const id = useId();
  const { plan } = editor.draft;
  const change = (changes: Partial<DraftPlan>) => editor.edit(updatePlan(editor.draft, changes));
  const field = (
    name: keyof DraftPlan,
    label: string,
    hint: string,
    input: (props: { id: string; 'aria-describedby': string; 'aria-invalid'?: true }) => ReactNode,
  ) => {
    const message = fieldErrors[`plan.${name}`]?.[0];
    const fieldId = `${id}-${name}`;
    return (
      <div className={forms.field}>
        <label className={forms.label} htmlFor={fieldId}>
          {label}
        </label>
        {input({
          id: fieldId,
          'aria-describedby': `${fieldId}-hint${message ? ` ${fieldId}-message` : ''}`,
          ...(message ? { 'aria-invalid': true as const } : {}),
        })}
        <p id={`${fieldId}-hint`} className={forms.hint}>
          {hint}
        </p>
        {message ? (
          <p id={`${fieldId}-message`} className={forms.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  const size =
    (name: 'width' | 'height') => (props: Parameters<Parameters<typeof field>[3]>[0]) => (
      <input
        {...props}
        className={forms.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={seatLimits.maxGrid}
        step={1}
        value={Number.isNaN(plan[name]) ? '' : plan[name]}
        onChange={(event) => change({ [name]: event.target.valueAsNumber })}
      />
    );

  return (
    <div className={forms.form}>
      <label className={`${forms.checkbox} ${styles.publish}`}>
        <input
          type="checkbox"
          checked={plan.published}
          aria-describedby={`${id}-published-hint`}
          onChange={(event) => change({ published: event.target.checked })}
        />
        <span>Published: lanners see the plan and pick their seats</span>
      </label>
      <p id={`${id}-published-hint`} className={forms.hint}>
        Until it is published, the plan is a draft only lan administrators see.
      </p>
      <div className={forms.fields}>
        {field(
          'opensAt',
          'Opens at',
          `Seat picking opens: picks before it are refused. Empty: open once published. On the community’s clocks (${timeZone}).`,
          (props) => (
            <input
              {...props}
              className={forms.input}
              type="datetime-local"
              value={plan.opensAt}
              onChange={(event) => change({ opensAt: event.target.value })}
            />
          ),
        )}
        {field(
          'locksAt',
          'Locks at',
          'Seats are fixed: after it only lan administrators seat or move people. Empty: never.',
          (props) => (
            <input
              {...props}
              className={forms.input}
              type="datetime-local"
              value={plan.locksAt}
              onChange={(event) => change({ locksAt: event.target.value })}
            />
          ),
        )}
      </div>
      <div className={forms.fields}>
        {field('width', 'Width', `Columns of the grid, 1–${seatLimits.maxGrid}.`, size('width'))}
        {field('height', 'Height', `Rows of the grid, 1–${seatLimits.maxGrid}.`, size('height'))}
      </div>
    </div>
  );
}
