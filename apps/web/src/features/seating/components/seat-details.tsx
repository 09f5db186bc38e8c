import type { SeatOccupant } from '@lanparty/contract';
import { seatKinds, seatLimits } from '@lanparty/contract/rules';
import { MoveDown, MoveLeft, MoveRight, MoveUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import styles from './seat-editor.module.css';
import { seatKindNames } from './seat-names.ts';
import { SeatOccupantControls } from './seat-occupant-controls.tsx';
import {
  type Cell,
  type DraftSeat,
  deleteSeat,
  describeCell,
  moveSeat,
  seatLabelled,
  updateSeat,
} from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type SeatDetailsProps = {
  editor: SeatPlanEditor;
  lanId: number;
  /** Who sits on the selected seat, as saved. */
  occupant: SeatOccupant | null;
};

const moves: { label: string; step: Cell; Icon: typeof MoveUp }[] = [
  { label: 'Move left', step: { x: -1, y: 0 }, Icon: MoveLeft },
  { label: 'Move up', step: { x: 0, y: -1 }, Icon: MoveUp },
  { label: 'Move down', step: { x: 0, y: 1 }, Icon: MoveDown },
  { label: 'Move right', step: { x: 1, y: 0 }, Icon: MoveRight },
];

/** The selected seat: its label, kind, block and place, and who sits there. */
export function SeatDetails({ editor, lanId, occupant }: SeatDetailsProps) {
  const seat = editor.selected;
  const panelRef = useRef<HTMLElement>(null);
  useShownWhenChosen(panelRef, seat?.key ?? null);
  return (
    <section ref={panelRef} className={styles.panel} aria-labelledby="seat-details-title">
      <h2 id="seat-details-title" className={styles.panelTitle}>
        {seat ? `Seat ${seat.label || '(no label)'}` : 'Selected seat'}
      </h2>
      {seat ? (
        <SeatFields key={seat.key} seat={seat} editor={editor} lanId={lanId} occupant={occupant} />
      ) : (
        <p className={forms.hint}>
          Select a seat on the plan to change its label, kind or block, move it, or seat someone
          there.
        </p>
      )}
    </section>
  );
}

/**
 * Where the panel comes under the grid (a phone, a narrow window), a seat chosen brings its
 * heading and first field into sight, the least scroll that does (issue 51 §2): the page's
 * scroll padding keeps them clear of the save bar, and the grid's short box keeps the seat
 * in sight above them.
 */
function useShownWhenChosen(panelRef: React.RefObject<HTMLElement | null>, key: string | null) {
  useEffect(() => {
    // A wide screen has the panel beside the grid, in sight.
    if (key === null || window.matchMedia?.('(min-width: 64rem)').matches) return;
    const firstField = panelRef.current?.querySelector('input, select');
    firstField?.scrollIntoView?.({ block: 'nearest' });
  }, [panelRef, key]);
}

function SeatFields({ seat, editor, lanId, occupant }: SeatDetailsProps & { seat: DraftSeat }) {
  const id = useId();
  const { draft } = editor;
  const twin = seat.label.trim() === '' ? undefined : seatLabelled(draft, seat.label, seat.key);
  const labelProblem =
    seat.label.trim() === ''
      ? 'Label is required'
      : /\s/.test(seat.label.trim())
        ? 'Label cannot contain spaces'
        : twin
          ? `Another seat is labelled ${twin.label}: each label names one seat`
          : null;
  const change = (changes: Parameters<typeof updateSeat>[2]) =>
    editor.edit(updateSeat(draft, seat.key, changes));

  return (
    <div className={styles.panelBody}>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-label`}>
          Label
        </label>
        <input
          id={`${id}-label`}
          className={forms.input}
          value={seat.label}
          maxLength={seatLimits.labelMaxLength}
          autoComplete="off"
          aria-invalid={labelProblem ? true : undefined}
          aria-describedby={labelProblem ? `${id}-label-problem` : `${id}-label-hint`}
          onChange={(event) => change({ label: event.target.value })}
        />
        {labelProblem ? (
          <p id={`${id}-label-problem`} className={forms.error}>
            {labelProblem}
          </p>
        ) : (
          <p id={`${id}-label-hint`} className={forms.hint}>
            Unique in the lan, at most {seatLimits.labelMaxLength} characters, e.g. A12.
          </p>
        )}
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-kind`}>
          Kind
        </label>
        <select
          id={`${id}-kind`}
          className={forms.input}
          value={seat.kind}
          onChange={(event) => change({ kind: event.target.value as DraftSeat['kind'] })}
        >
          {seatKinds.map((kind) => (
            <option key={kind} value={kind}>
              {seatKindNames[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-block`}>
          Block
        </label>
        <select
          id={`${id}-block`}
          className={forms.input}
          value={seat.blockId ?? ''}
          onChange={(event) =>
            change({ blockId: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">No block</option>
          {draft.blocks.map((block) => (
            <option key={block.id} value={block.id}>
              {block.name || '(no name)'}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.position}>
        <p>
          At <strong>{describeCell(seat)}</strong>
        </p>
        <div className={styles.moveButtons}>
          {moves.map(({ label, step, Icon }) => (
            <button
              key={label}
              type="button"
              className={styles.toolButton}
              aria-label={label}
              onClick={() => {
                const to = { x: seat.x + step.x, y: seat.y + step.y };
                editor.apply(
                  moveSeat(draft, seat.key, to),
                  `Seat ${seat.label} moved to ${describeCell(to)}.`,
                );
              }}
            >
              <Icon aria-hidden="true" size={18} />
            </button>
          ))}
        </div>
      </div>
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() => {
            editor.edit(deleteSeat(draft, seat.key));
            editor.select(null);
            editor.announce(`Seat ${seat.label} deleted.`);
          }}
        >
          <Trash2 aria-hidden="true" size={18} />
          Delete seat
        </button>
      </div>
      <SeatOccupantControls lanId={lanId} seat={seat} occupant={occupant} />
    </div>
  );
}
