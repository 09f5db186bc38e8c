import { seatLimits } from '@lanparty/contract/rules';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import styles from './seat-editor.module.css';
import type { SeatPlanDraft } from './seat-plan-draft.ts';
import { addSeatRun, nextRowPrefix, type SeatRunRequest } from './seat-runs.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type Shape = SeatRunRequest['shape'];

/** The row under the last seat, with one empty row between: where the next row goes. */
function nextFreeRow(draft: SeatPlanDraft): number {
  if (draft.seats.length === 0) return 1;
  const lowest = Math.max(...draft.seats.map((seat) => seat.y));
  return Math.min(lowest + 3, seatLimits.maxGrid);
}

const blockNameOf = (shape: Shape, prefix: string) =>
  prefix.trim() === '' ? '' : `${shape === 'table' ? 'Table' : 'Row'} ${prefix.trim()}`;

/**
 * Rows and tables made in one step (issue 34): a prefix, how many seats, the first number
 * and where the first seat stands → A1–A12 as a block "Row A"; a table is two facing rows.
 */
export function SeatRunForm({ editor }: { editor: SeatPlanEditor }) {
  const id = useId();
  const { draft } = editor;
  const [shape, setShape] = useState<Shape>('row');
  const [prefix, setPrefix] = useState(() => nextRowPrefix(draft));
  const [count, setCount] = useState('12');
  const [start, setStart] = useState('1');
  const [column, setColumn] = useState('1');
  const [row, setRow] = useState(() => String(nextFreeRow(draft)));
  const [direction, setDirection] = useState<SeatRunRequest['direction']>('horizontal');
  const [blockName, setBlockName] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ problem: string | null; done: string }>({
    problem: null,
    done: '',
  });
  const shownBlockName = blockName ?? blockNameOf(shape, prefix);
  const what = shape === 'table' ? 'table' : 'row';

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request: SeatRunRequest = {
      shape,
      prefix,
      count: Number(count),
      start: Number(start),
      x: Number(column) - 1,
      y: Number(row) - 1,
      direction,
      blockName: shownBlockName,
    };
    const change = addSeatRun(draft, request);
    if (change.problem !== null) {
      setOutcome({ problem: `The ${what} could not be added: ${change.problem}`, done: '' });
      return;
    }
    const added = change.draft.seats.slice(draft.seats.length);
    const done = `${capitalise(what)} added: ${added[0]?.label}–${added.at(-1)?.label}${
      shownBlockName.trim() ? `, as ${shownBlockName.trim()}` : ''
    }.`;
    // Said beside the button (a status of its own), not again by the plan's.
    editor.apply(change);
    setOutcome({ problem: null, done });
    // Ready for the next one: the next letter, under this one.
    setPrefix(nextRowPrefix(change.draft));
    setRow(String(nextFreeRow(change.draft)));
    setBlockName(null);
  }

  const number = (
    name: string,
    label: string,
    value: string,
    set: (v: string) => void,
    min: number,
    max: number,
    hint?: string,
  ) => (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={forms.input}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-${name}-hint`} className={forms.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className={forms.form} onSubmit={add} aria-label="Add a row or table" noValidate>
      <fieldset className={styles.choice}>
        <legend className={forms.label}>Add</legend>
        <label className={forms.checkbox}>
          <input
            type="radio"
            name={`${id}-shape`}
            checked={shape === 'row'}
            onChange={() => setShape('row')}
          />
          <span>A row</span>
        </label>
        <label className={forms.checkbox}>
          <input
            type="radio"
            name={`${id}-shape`}
            checked={shape === 'table'}
            onChange={() => setShape('table')}
          />
          <span>A table (two facing rows)</span>
        </label>
      </fieldset>
      <div className={styles.runFields}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-prefix`}>
            Label prefix
          </label>
          <input
            id={`${id}-prefix`}
            className={forms.input}
            value={prefix}
            maxLength={seatLimits.labelMaxLength - 1}
            autoComplete="off"
            aria-describedby={`${id}-prefix-hint`}
            onChange={(event) => setPrefix(event.target.value)}
          />
          <p id={`${id}-prefix-hint`} className={forms.hint}>
            A → A1, A2, …
          </p>
        </div>
        {number(
          'count',
          shape === 'table' ? 'Seats per side' : 'Seats',
          count,
          setCount,
          1,
          seatLimits.maxGrid,
        )}
        {number('start', 'First number', start, setStart, 0, 9999)}
        {number('column', 'Start column', column, setColumn, 1, seatLimits.maxGrid)}
        {number('row', 'Start row', row, setRow, 1, seatLimits.maxGrid)}
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-direction`}>
            Direction
          </label>
          <select
            id={`${id}-direction`}
            className={forms.input}
            value={direction}
            aria-describedby={`${id}-direction-hint`}
            onChange={(event) => setDirection(event.target.value as SeatRunRequest['direction'])}
          >
            <option value="horizontal">Left to right</option>
            <option value="vertical">Top to bottom</option>
          </select>
          <p id={`${id}-direction-hint`} className={forms.hint}>
            From the first seat, at the start column and row (counted from 1).
          </p>
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-block`}>
            Block name
          </label>
          <input
            id={`${id}-block`}
            className={forms.input}
            value={shownBlockName}
            maxLength={seatLimits.blockNameMaxLength}
            autoComplete="off"
            aria-describedby={`${id}-block-hint`}
            onChange={(event) => setBlockName(event.target.value)}
          />
          <p id={`${id}-block-hint`} className={forms.hint}>
            The seats make one block (it can be kept for a clan); empty: no block.
          </p>
        </div>
      </div>
      <AlertText message={outcome.problem} />
      <div className={controls.actions}>
        <button type="submit" className={controls.buttonSecondary}>
          <Plus aria-hidden="true" size={18} />
          {shape === 'table' ? 'Add table' : 'Add row'}
        </button>
        <span role="status" className={forms.hint}>
          {outcome.done}
        </span>
      </div>
    </form>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
